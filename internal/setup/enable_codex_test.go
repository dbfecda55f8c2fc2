package setup

import (
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
// the environment (CODEX_HOME in the test's directory).
func codexFixture(t *testing.T) (project, hooks string, getenv func(string) string) {
	t.Helper()
	root := t.TempDir()
	project = filepath.Join(root, "proj")
	hooks = filepath.Join(project, ".codex", "hooks.json")
	require.NoError(t, os.MkdirAll(filepath.Dir(hooks), 0o755))
	require.NoError(t, os.WriteFile(hooks, []byte(`{"hooks":{"PreToolUse":[
		{"matcher":"Bash","hooks":[{"type":"command","command":"./mine.sh"}]},
		{"hooks":[{"type":"command","command":"`+codexProgram+` fire PreToolUse --format codex","timeout":120}]}]}}`), 0o644))
	home := filepath.Join(root, "codex-home")
	return project, hooks, func(k string) string { return map[string]string{"CODEX_HOME": home, "HOME": root}[k] }
}

func TestEnableCodexTrustsProjectAndOwnHooks(t *testing.T) {
	t.Parallel()
	project, hooks, getenv := codexFixture(t)
	res, err := EnableCodex(CodexEnableOptions{HooksPath: hooks, ProjectDir: project, Program: codexProgram, Getenv: getenv})
	require.NoError(t, err)
	assert.True(t, res.Changed)
	assert.Equal(t, project, res.Project)
	assert.Equal(t, []string{hooks + ":pre_tool_use:1:0"}, res.Hooks, "the user's own hook is not trusted by hookexec")
	data, err := os.ReadFile(res.ConfigPath)
	require.NoError(t, err)
	cfg, err := parseCodexConfig(data)
	require.NoError(t, err)
	assert.Equal(t, "trusted", cfg.trustLevel(project))
	got, ok := cfg.trustedHash(hooks + ":pre_tool_use:1:0")
	assert.True(t, ok)
	assert.True(t, strings.HasPrefix(got, "sha256:"))

	problems, err := CodexTrustProblems(hooks, project, codexProgram, getenv)
	require.NoError(t, err)
	assert.Empty(t, problems)

	again, err := EnableCodex(CodexEnableOptions{HooksPath: hooks, ProjectDir: project, Program: codexProgram, Getenv: getenv})
	require.NoError(t, err)
	assert.False(t, again.Changed, "install twice changes nothing")

	path, changed, err := DisableCodex(hooks, getenv, false)
	require.NoError(t, err)
	assert.True(t, changed)
	assert.NoFileExists(t, path, "install created the file; uninstall removes it")
}

func TestEnableCodexKeepsUserBytes(t *testing.T) {
	t.Parallel()
	project, hooks, getenv := codexFixture(t)
	cfgPath, err := CodexConfigPath(getenv)
	require.NoError(t, err)
	for _, original := range []string{
		"model = \"gpt-5.5\" # mine\n\n[features]\nhooks = true\n",
		"[features]\nhooks = true", // no newline at the end
		"",
	} {
		require.NoError(t, os.MkdirAll(filepath.Dir(cfgPath), 0o755))
		require.NoError(t, os.WriteFile(cfgPath, []byte(original), 0o600))
		res, err := EnableCodex(CodexEnableOptions{HooksPath: hooks, ProjectDir: project, Program: codexProgram, Getenv: getenv})
		require.NoError(t, err)
		assert.True(t, strings.HasPrefix(string(res.Data), original), "the user's bytes come first, unchanged")
		fi, err := os.Stat(cfgPath)
		require.NoError(t, err)
		assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm(), "the file's mode is kept")
		_, changed, err := DisableCodex(hooks, getenv, false)
		require.NoError(t, err)
		assert.True(t, changed)
		data, err := os.ReadFile(cfgPath)
		require.NoError(t, err)
		assert.Equal(t, original, string(data), "uninstall restores the bytes")
	}
}

func TestEnableCodexUserScopeAndStale(t *testing.T) {
	t.Parallel()
	project, hooks, getenv := codexFixture(t)
	res, err := EnableCodex(CodexEnableOptions{HooksPath: hooks, Program: codexProgram, Getenv: getenv})
	require.NoError(t, err)
	assert.Empty(t, res.Project, "no project is trusted unless the project scope was asked for")
	assert.NotContains(t, string(res.Data), "[projects.")

	// The entry changes (a new timeout): doctor sees the stale hash, and
	// install again replaces the block.
	data, err := os.ReadFile(hooks)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(hooks, []byte(strings.Replace(string(data), `"timeout":120`, `"timeout":60`, 1)), 0o644))
	problems, err := CodexTrustProblems(hooks, project, codexProgram, getenv)
	require.NoError(t, err)
	require.Len(t, problems, 2)
	assert.Contains(t, problems[0], "does not trust the project")
	assert.Contains(t, problems[1], "now hashes to")
	res, err = EnableCodex(CodexEnableOptions{HooksPath: hooks, Program: codexProgram, Getenv: getenv})
	require.NoError(t, err)
	assert.True(t, res.Changed)
	assert.Equal(t, 1, strings.Count(string(res.Data), "[hooks.state."), "the old block is replaced, not added to")
	problems, err = CodexTrustProblems(hooks, "", codexProgram, getenv)
	require.NoError(t, err)
	assert.Empty(t, problems)
}

func TestEnableCodexRefuses(t *testing.T) {
	t.Parallel()
	project, hooks, getenv := codexFixture(t)
	cfgPath, err := CodexConfigPath(getenv)
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(filepath.Dir(cfgPath), 0o755))
	for _, tc := range []struct{ name, config, want string }{
		{"untrusted project", "[projects." + tomlQuote(project) + "]\ntrust_level = \"untrusted\"\n", `sets trust_level = "untrusted"`},
		{"another hash", "[hooks.state." + tomlQuote(hooks+":pre_tool_use:1:0") + "]\ntrusted_hash = \"sha256:00\"\n", "with another hash (sha256:00)"},
		{"invalid TOML", "model = \n", "line 1, column"},
		{"inline hooks table", "hooks = { state = {} }\n", "would make it invalid TOML"},
		{"open block", codexBegin + hooks + codexRemovedB + "\n", "has no closing line"},
	} {
		require.NoError(t, os.WriteFile(cfgPath, []byte(tc.config), 0o600))
		_, err := EnableCodex(CodexEnableOptions{HooksPath: hooks, ProjectDir: project, Program: codexProgram, Getenv: getenv})
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
	cfg, err := parseCodexConfig([]byte("[projects." + tomlQuote("/a \"b\"\\c\x01") + "]\ntrust_level = \"trusted\"\n"))
	require.NoError(t, err)
	assert.Equal(t, "trusted", cfg.trustLevel("/a \"b\"\\c\x01"))
}

// TestEnableCodexBlockPerFile: the user scope's trust and the project's
// live in blocks of their own; uninstalling one keeps the other.
func TestEnableCodexBlockPerFile(t *testing.T) {
	t.Parallel()
	project, hooks, getenv := codexFixture(t)
	userHooks := filepath.Join(filepath.Dir(filepath.Dir(project)), "codex-home", "hooks.json")
	require.NoError(t, os.MkdirAll(filepath.Dir(userHooks), 0o755))
	require.NoError(t, os.WriteFile(userHooks, []byte(`{"hooks":{"Stop":[{"hooks":[{"type":"command","command":"`+codexProgram+` fire Stop --format codex"}]}]}}`), 0o644))
	_, err := EnableCodex(CodexEnableOptions{HooksPath: hooks, ProjectDir: project, Program: codexProgram, Getenv: getenv})
	require.NoError(t, err)
	cfgPath, err := CodexConfigPath(getenv)
	require.NoError(t, err)
	afterProject, err := os.ReadFile(cfgPath)
	require.NoError(t, err)
	_, err = EnableCodex(CodexEnableOptions{HooksPath: userHooks, Program: codexProgram, Getenv: getenv})
	require.NoError(t, err)
	problems, err := CodexTrustProblems(hooks, project, codexProgram, getenv)
	require.NoError(t, err)
	assert.Empty(t, problems, "the user scope's install keeps the project's trust")
	_, changed, err := DisableCodex(userHooks, getenv, false)
	require.NoError(t, err)
	assert.True(t, changed)
	data, err := os.ReadFile(cfgPath)
	require.NoError(t, err)
	assert.Equal(t, string(afterProject), string(data))
}

// TestCodexTrustProblemsForeignKey: Codex refuses a hooks.json with a
// top-level key besides "description" and "hooks" (codex app-server:
// "unknown field"), so doctor says so.
func TestCodexTrustProblemsForeignKey(t *testing.T) {
	t.Parallel()
	_, hooks, getenv := codexFixture(t)
	data, err := os.ReadFile(hooks)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(hooks, []byte(`{"$schema":"x",`+string(data[1:])), 0o644))
	_, err = EnableCodex(CodexEnableOptions{HooksPath: hooks, Program: codexProgram, Getenv: getenv})
	require.NoError(t, err)
	problems, err := CodexTrustProblems(hooks, "", codexProgram, getenv)
	require.NoError(t, err)
	require.Len(t, problems, 1)
	assert.Contains(t, problems[0], `Codex refuses the whole file for its key "$schema"`)
}
