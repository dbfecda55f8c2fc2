package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/casefile"
)

// The example policies under examples/policies ship with their own
// `hookexec test` cases; they run here, so `make test` keeps them honest.
// Their configs find their scripts through $HOOKEXEC_PROJECT_DIR, so the
// project directory is the repository root.

func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs(filepath.Join("..", ".."))
	require.NoError(t, err)
	return root
}

// runHookexec runs the CLI in-process.
func runHookexec(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut bytes.Buffer
	code = run(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestExamplePolicies(t *testing.T) {
	t.Parallel()
	root := repoRoot(t)
	dirs, err := filepath.Glob(filepath.Join(root, "examples", "policies", "*", "tests"))
	require.NoError(t, err)
	require.Len(t, dirs, 5, "one tests directory per example policy")
	total := 0
	for _, dir := range dirs {
		files, err := casefile.Files([]string{dir})
		require.NoError(t, err)
		for _, f := range files {
			cases, err := casefile.ReadFile(f)
			require.NoError(t, err)
			total += len(cases)
		}
	}

	code, stdout, stderr := runHookexec(t, "", append([]string{"test", "--project-dir", root}, dirs...)...)

	assert.Equal(t, 0, code, "stdout:\n%s\nstderr:\n%s", stdout, stderr)
	assert.Contains(t, "\n"+stdout, fmt.Sprintf("\n%d passed, 0 failed\n", total))
	assert.Empty(t, stderr)
}

func TestExamplePolicyScriptsAreExecutable(t *testing.T) {
	t.Parallel()
	scripts, err := filepath.Glob(filepath.Join(repoRoot(t), "examples", "policies", "*", "*.sh"))
	require.NoError(t, err)
	require.NotEmpty(t, scripts)
	for _, s := range scripts {
		fi, err := os.Stat(s)
		require.NoError(t, err)
		assert.NotZero(t, fi.Mode()&0o111, "%s is executable, for users who run it directly", s)
	}
}

func TestExampleToolLogWritesJSONLines(t *testing.T) {
	t.Parallel()
	root := repoRoot(t)
	config := filepath.Join(root, "examples", "policies", "log-tool-calls", "hooks.json")
	logFile := filepath.Join(t.TempDir(), "logs", "tool-log.jsonl")
	events := []struct{ event, input string }{
		{"BeforeTool", `{"tool_name": "Bash", "tool_input": {"command": "echo \"hi\"\nls"}}`},
		{"AfterTool", "{\n  \"tool_name\": \"Bash\",\n  \"tool_response\": {\"stdout\": \"hi\\n\"}\n}"},
	}
	for _, e := range events {
		// The log file goes in through a case's env: fire would read the
		// process environment, which parallel tests share.
		caseFile := filepath.Join(t.TempDir(), "case.json")
		c := map[string]any{
			"name": "log " + e.event, "event": e.event, "config": config,
			"env":    map[string]string{"HOOKEXEC_TOOL_LOG": logFile},
			"input":  json.RawMessage(e.input),
			"expect": map[string]any{"blocked": false, "hooks": []any{map[string]any{"outcome": "success"}}},
		}
		data, err := json.Marshal(c)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(caseFile, data, 0o644))
		code, stdout, stderr := runHookexec(t, "", "test", "--project-dir", root, caseFile)
		require.Equal(t, 0, code, "stdout:\n%s\nstderr:\n%s", stdout, stderr)
	}

	data, err := os.ReadFile(logFile)
	require.NoError(t, err)
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	require.Len(t, lines, 2, "one line per event: %q", data)
	for i, line := range lines {
		var ev map[string]any
		require.NoError(t, json.Unmarshal([]byte(line), &ev), "line %d is JSON: %q", i+1, line)
		assert.Equal(t, events[i].event, ev["hook_event_name"])
		assert.Equal(t, "Bash", ev["tool_name"])
		assert.NotEmpty(t, ev["timestamp"], "hookexec fills in the timestamp")
	}
	var first map[string]any
	require.NoError(t, json.Unmarshal([]byte(lines[0]), &first))
	assert.Equal(t, map[string]any{"command": "echo \"hi\"\nls"}, first["tool_input"], "strings survive byte for byte")
}

func TestExampleGitContextInARepository(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	root := repoRoot(t)
	repo := t.TempDir()
	gitCmd := func(args ...string) {
		cmd := exec.Command("git", args...)
		cmd.Dir = repo
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1",
			"GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com")
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "git %v: %s", args, out)
	}
	gitCmd("init", "-q")
	gitCmd("symbolic-ref", "HEAD", "refs/heads/feature/x")
	require.NoError(t, os.WriteFile(filepath.Join(repo, "a.txt"), []byte("a"), 0o644))
	gitCmd("add", "a.txt")
	gitCmd("commit", "-q", "-m", `add "a"`)
	require.NoError(t, os.WriteFile(filepath.Join(repo, "a.txt"), []byte("b"), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(repo, "new\tfile.txt"), nil, 0o644))

	config := filepath.Join(root, "examples", "policies", "session-git-context", "hooks.json")
	input := fmt.Sprintf(`{"source": "startup", "cwd": %q}`, repo)
	code, stdout, stderr := runHookexec(t, input, "fire", "SessionStart", "--config", config, "--project-dir", root)

	require.Equal(t, 0, code, "stderr: %s", stderr)
	var v struct {
		HookSpecificOutput map[string]any `json:"hookSpecificOutput"`
		Hooks              []struct {
			Outcome string `json:"outcome"`
			Error   string `json:"error"`
		} `json:"hooks"`
	}
	require.NoError(t, json.Unmarshal([]byte(stdout), &v))
	require.Len(t, v.Hooks, 1)
	require.Equal(t, "success", v.Hooks[0].Outcome, v.Hooks[0].Error)
	ctx, _ := v.HookSpecificOutput["additionalContext"].(string)
	assert.Contains(t, ctx, "Git branch: feature/x\n")
	assert.Contains(t, ctx, `add "a"`, "the last commit, quotes intact")
	assert.Contains(t, ctx, "Working tree: 2 changed file(s):\n M a.txt\n")
	assert.Contains(t, ctx, `?? "new\tfile.txt"`, "git quotes odd names; the JSON carries them")
}
