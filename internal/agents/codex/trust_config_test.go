package codex

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const codexProgram = "/usr/local/bin/hookexec"

// codexFixture writes a project's .codex/hooks.json with one hookexec
// entry and one of the user's, and returns the project, the hooks file and
// Codex's directory (as CODEX_HOME in the test's directory).
func codexFixture(t *testing.T) (project, hooks, home string) {
	t.Helper()
	root := t.TempDir()
	project = filepath.Join(root, "proj")
	hooks = filepath.Join(project, ".codex", "hooks.json")
	require.NoError(t, os.MkdirAll(filepath.Dir(hooks), 0o755))
	require.NoError(t, os.WriteFile(hooks, []byte(`{"hooks":{"PreToolUse":[
		{"matcher":"Bash","hooks":[{"type":"command","command":"./mine.sh"}]},
		{"hooks":[{"type":"command","command":"`+codexProgram+` fire PreToolUse --format codex","timeout":120}]}]}}`), 0o644))
	return project, hooks, filepath.Join(root, "codex-home")
}

// trustOpts are the trust step's options for hooks in Codex's directory
// home, trusting project ("": none).
func trustOpts(home, hooks, project string) TrustOptions {
	cfg, _ := ConfigPath(home)
	return TrustOptions{ConfigPath: cfg, HooksPath: hooks, ProjectDir: project, Managed: managed, Files: testFiles{}}
}

// managed stands for install's recognition of its entries: a fire
// command of codexProgram.
func managed(command string) bool { return strings.HasPrefix(command, codexProgram+" fire ") }

// testFiles is agent.Files on plain files (install's own, which keeps
// links and modes, is tested with it).
type testFiles struct{}

func (testFiles) Read(path string) ([]byte, bool, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	return data, err == nil, err
}

func (testFiles) Write(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, data, 0o644)
}

func (testFiles) Remove(path string) error { return os.Remove(path) }

func TestTrustTrustsProjectAndOwnHooks(t *testing.T) {
	t.Parallel()
	project, hooks, home := codexFixture(t)
	res, err := Trust(trustOpts(home, hooks, project))
	require.NoError(t, err)
	assert.True(t, res.Changed)
	assert.Equal(t, project, res.Project)
	assert.Equal(t, []string{hooks + ":pre_tool_use:1:0"}, res.Hooks, "the user's own hook is not trusted by hookexec")
	data, err := os.ReadFile(res.ConfigPath)
	require.NoError(t, err)
	cfg, err := parseConfig(data)
	require.NoError(t, err)
	assert.Equal(t, "trusted", cfg.trustLevel(project))
	got, ok := cfg.trustedHash(hooks + ":pre_tool_use:1:0")
	assert.True(t, ok)
	assert.True(t, strings.HasPrefix(got, "sha256:"))

	problems, err := TrustProblems(trustOpts(home, hooks, project))
	require.NoError(t, err)
	assert.Empty(t, problems)

	again, err := Trust(trustOpts(home, hooks, project))
	require.NoError(t, err)
	assert.False(t, again.Changed, "install twice changes nothing")

	cfgPath, _ := ConfigPath(home)
	changed, err := Untrust(cfgPath, hooks, testFiles{}, false)
	require.NoError(t, err)
	assert.True(t, changed)
	assert.NoFileExists(t, cfgPath, "install created the file; uninstall removes it")
}

func TestTrustKeepsUserBytes(t *testing.T) {
	t.Parallel()
	project, hooks, home := codexFixture(t)
	cfgPath, err := ConfigPath(home)
	require.NoError(t, err)
	for _, original := range []string{
		"model = \"gpt-5.5\" # mine\n\n[features]\nhooks = true\n",
		"[features]\nhooks = true", // no newline at the end
		"",
	} {
		require.NoError(t, os.MkdirAll(filepath.Dir(cfgPath), 0o755))
		require.NoError(t, os.WriteFile(cfgPath, []byte(original), 0o600))
		res, err := Trust(trustOpts(home, hooks, project))
		require.NoError(t, err)
		assert.True(t, strings.HasPrefix(string(res.Data), original), "the user's bytes come first, unchanged")
		changed, err := Untrust(cfgPath, hooks, testFiles{}, false)
		require.NoError(t, err)
		assert.True(t, changed)
		data, err := os.ReadFile(cfgPath)
		require.NoError(t, err)
		assert.Equal(t, original, string(data), "uninstall restores the bytes")
	}
}

func TestTrustUserScopeAndStale(t *testing.T) {
	t.Parallel()
	project, hooks, home := codexFixture(t)
	res, err := Trust(trustOpts(home, hooks, ""))
	require.NoError(t, err)
	assert.Empty(t, res.Project, "no project is trusted unless the project scope was asked for")
	assert.NotContains(t, string(res.Data), "[projects.")

	// The entry changes (a new timeout): doctor sees the stale hash, and
	// install again replaces the block.
	data, err := os.ReadFile(hooks)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(hooks, []byte(strings.Replace(string(data), `"timeout":120`, `"timeout":60`, 1)), 0o644))
	problems, err := TrustProblems(trustOpts(home, hooks, project))
	require.NoError(t, err)
	require.Len(t, problems, 2)
	assert.Contains(t, problems[0], "does not trust the project")
	assert.Contains(t, problems[1], "now hashes to")
	res, err = Trust(trustOpts(home, hooks, ""))
	require.NoError(t, err)
	assert.True(t, res.Changed)
	assert.Equal(t, 1, strings.Count(string(res.Data), "[hooks.state."), "the old block is replaced, not added to")
	problems, err = TrustProblems(trustOpts(home, hooks, ""))
	require.NoError(t, err)
	assert.Empty(t, problems)
}

func TestTrustRefuses(t *testing.T) {
	t.Parallel()
	project, hooks, home := codexFixture(t)
	cfgPath, err := ConfigPath(home)
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(filepath.Dir(cfgPath), 0o755))
	for _, tc := range []struct{ name, config, want string }{
		{"untrusted project", "[projects." + tomlQuote(project) + "]\ntrust_level = \"untrusted\"\n", `sets trust_level = "untrusted"`},
		{"another hash", "[hooks.state." + tomlQuote(hooks+":pre_tool_use:1:0") + "]\ntrusted_hash = \"sha256:00\"\n", "with another hash (sha256:00)"},
		{"invalid TOML", "model = \n", "line 1, column"},
		{"inline hooks table", "hooks = { state = {} }\n", "would make it invalid TOML"},
		{"open block", blockBegin + hooks + blockRemoves + "\n", "has no closing line"},
	} {
		require.NoError(t, os.WriteFile(cfgPath, []byte(tc.config), 0o600))
		_, err := Trust(trustOpts(home, hooks, project))
		require.Error(t, err, tc.name)
		assert.Contains(t, err.Error(), tc.want, tc.name)
		data, err := os.ReadFile(cfgPath)
		require.NoError(t, err)
		assert.Equal(t, tc.config, string(data), "%s: nothing was changed", tc.name)
	}
}

func TestTOMLQuote(t *testing.T) {
	t.Parallel()
	assert.Equal(t, `"/a \"b\"\\c\u0001"`, tomlQuote("/a \"b\"\\c\x01"))
	cfg, err := parseConfig([]byte("[projects." + tomlQuote("/a \"b\"\\c\x01") + "]\ntrust_level = \"trusted\"\n"))
	require.NoError(t, err)
	assert.Equal(t, "trusted", cfg.trustLevel("/a \"b\"\\c\x01"))
}

// TestTrustBlockPerFile: the user scope's trust and the project's
// live in blocks of their own; uninstalling one keeps the other.
func TestTrustBlockPerFile(t *testing.T) {
	t.Parallel()
	project, hooks, home := codexFixture(t)
	userHooks := filepath.Join(filepath.Dir(filepath.Dir(project)), "codex-home", "hooks.json")
	require.NoError(t, os.MkdirAll(filepath.Dir(userHooks), 0o755))
	require.NoError(t, os.WriteFile(userHooks, []byte(`{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"`+codexProgram+` fire Stop --format codex"}]}]}}`), 0o644))
	_, err := Trust(trustOpts(home, hooks, project))
	require.NoError(t, err)
	cfgPath, err := ConfigPath(home)
	require.NoError(t, err)
	afterProject, err := os.ReadFile(cfgPath)
	require.NoError(t, err)
	_, err = Trust(trustOpts(home, userHooks, ""))
	require.NoError(t, err)
	problems, err := TrustProblems(trustOpts(home, hooks, project))
	require.NoError(t, err)
	assert.Empty(t, problems, "the user scope's install keeps the project's trust")
	changed, err := Untrust(cfgPath, userHooks, testFiles{}, false)
	require.NoError(t, err)
	assert.True(t, changed)
	data, err := os.ReadFile(cfgPath)
	require.NoError(t, err)
	assert.Equal(t, string(afterProject), string(data))
}

// TestTrustProblemsForeignKey: Codex refuses a hooks.json with a
// top-level key besides "description" and "hooks" (codex app-server:
// "unknown field"), so doctor says so.
func TestTrustProblemsForeignKey(t *testing.T) {
	t.Parallel()
	_, hooks, home := codexFixture(t)
	data, err := os.ReadFile(hooks)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(hooks, []byte(`{"$schema":"x",`+string(data[1:])), 0o644))
	_, err = Trust(trustOpts(home, hooks, ""))
	require.NoError(t, err)
	problems, err := TrustProblems(trustOpts(home, hooks, ""))
	require.NoError(t, err)
	require.Len(t, problems, 1)
	assert.Contains(t, problems[0], `Codex refuses the whole file for its key "$schema"`)
}
