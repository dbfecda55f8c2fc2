//go:build e2e

package claude

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestClaudeInstalledHTTP is issue 21's done-when with the real Claude
// Code: hookexec install claude --http --user in a scratch HOME; session
// 1's SessionStart entry starts the server, a rm -rf is refused by the
// user's policy through the server, then the server is killed (kill -9)
// and the next tool call of the same session is blocked by Claude's
// onFailure without running; session 2's SessionStart brings the server
// back: a harmless command runs, rm -rf is refused again. Doctor's server
// check fails before the first session and passes during the second;
// uninstall takes the settings install created away. Nothing is left
// running. What the model saw goes to OUT/claude-http.md.
func TestClaudeInstalledHTTP(t *testing.T) {
	env := loadEnv(t)
	project, home := scratch(t)
	writeGuard(t, home)
	addr := closedAddr(t)
	t.Cleanup(func() { killServer(t, addr) })
	var report strings.Builder
	note := func(format string, args ...any) {
		s := fmt.Sprintf(format, args...)
		s = strings.NewReplacer(project, "<project>", home, "<home>", env.bin, "<hookexec>", addr, "<addr>").Replace(s)
		report.WriteString(s + "\n")
	}

	out := hookexecAs(t, env, home, project, "install", "claude", "--http", "--user", "--http-addr", addr)
	note("`hookexec install claude --http --user --http-addr <addr>` printed:\n\n```\n%s```\n", out)
	checkHTTPSettings(t, env, home, addr)
	require.Zero(t, serverPID(addr), "a server answers on %s before any session", addr)
	down := doctorCheck(t, env, home, project, "claude http server")
	assert.True(t, strings.HasPrefix(down, "FAIL"), "doctor with no server:\n%s", down)
	note("`hookexec doctor` before any session:\n\n```\n%s\n```\n", down)

	rm := map[string]any{"command": "rm -rf victim/", "description": "remove the victim directory"}
	touch := map[string]any{"command": "touch " + madeFile, "description": "make a file"}

	// Session 1: the server is started by SessionStart, refuses rm -rf,
	// and is killed before the model's second call.
	var mu sync.Mutex
	killed := 0
	api := startScriptedAPI(t, []scriptedCall{{name: "Bash", input: rm}, {name: "Bash", input: touch}}, func(calls int) {
		if calls == 1 {
			mu.Lock()
			defer mu.Unlock()
			killed = killServer(t, addr)
		}
	})
	res := claudeSession(t, env, session{project: project, home: home, api: api, prompt: "Clean up, then make a file."})
	dump(t, filepath.Join(env.out, "claude-http", "session-1"), res)
	require.NoError(t, res.err, "claude:\n%s", res.stderr)
	results := toolResults(res)
	require.Len(t, results, 2, "the model got both tool results")
	assert.DirExists(t, filepath.Join(project, "victim"), "rm -rf ran")
	assert.Contains(t, results[0], guardReason, "the policy's reason did not reach the model")
	mu.Lock()
	assert.Positive(t, killed, "no server answered on %s after SessionStart", addr)
	mu.Unlock()
	assert.NoFileExists(t, filepath.Join(project, madeFile), "the tool ran while its guard was down")
	assert.Contains(t, results[1], `blocking because onFailure is "block"`, "the model was not told why the call was refused")
	assert.Contains(t, results[1], "run-hookexec-doctor", "the message does not say how to fix it (install's URL carries the hint)")
	assert.Equal(t, []string{"rm -rf victim/"}, servedCommands(t, home), "the policy ran once, on rm, through the server")
	note("Session 1 (SessionStart ran `serve --ensure`): the model asked for `rm -rf victim/`; it got:\n\n```\n%s\n```\n", results[0])
	note("Then the server was killed (kill -9 of the pid its health route reported) and the model asked for `touch %s`; it got (Claude's onFailure, the tool did not run):\n\n```\n%s\n```\n", madeFile, portless(results[1], addr))

	// Session 2: SessionStart brings the server back; doctor says so
	// between the two calls.
	up := ""
	api = startScriptedAPI(t, []scriptedCall{{name: "Bash", input: touch}, {name: "Bash", input: rm}}, func(calls int) {
		if calls == 1 {
			mu.Lock()
			defer mu.Unlock()
			up = doctorCheck(t, env, home, project, "claude http server")
		}
	})
	res = claudeSession(t, env, session{project: project, home: home, api: api, prompt: "Make a file, then clean up."})
	dump(t, filepath.Join(env.out, "claude-http", "session-2"), res)
	require.NoError(t, res.err, "claude:\n%s", res.stderr)
	results = toolResults(res)
	require.Len(t, results, 2, "the model got both tool results")
	assert.FileExists(t, filepath.Join(project, madeFile), "the harmless command did not run once the server was back")
	assert.DirExists(t, filepath.Join(project, "victim"), "rm -rf ran")
	assert.Contains(t, results[1], guardReason, "the policy's reason did not reach the model")
	assert.Equal(t, []string{"rm -rf victim/", "touch " + madeFile, "rm -rf victim/"}, servedCommands(t, home),
		"the policy ran on both calls of session 2, through the server")
	mu.Lock()
	assert.True(t, strings.HasPrefix(up, "ok "), "doctor with the server up:\n%s", up)
	note("`hookexec doctor` during session 2:\n\n```\n%s\n```\n", up)
	mu.Unlock()
	note("Session 2 (SessionStart started the server again): `touch %s` ran (%s); `rm -rf victim/` got:\n\n```\n%s\n```\n", madeFile, results[0], results[1])

	killServer(t, addr)
	assert.Zero(t, serverPID(addr), "a server still answers on %s", addr)
	if log, err := os.ReadFile(filepath.Join(home, ".local", "state", "hookexec", "serve.log")); err == nil {
		require.NoError(t, os.WriteFile(filepath.Join(env.out, "claude-http", "serve.log"), log, 0o644))
	}
	note("Processes left at the end of session 2 and killed by the suite (the server it started): %d.", len(res.leftover))
	out = hookexecAs(t, env, home, project, "uninstall", "claude", "--user")
	assert.NoFileExists(t, filepath.Join(home, ".claude", "settings.json"), "uninstall left the settings install created:\n%s", out)
	note("\n`hookexec uninstall claude --user` printed:\n\n```\n%s```", out)
	require.NoError(t, os.WriteFile(filepath.Join(env.out, "claude-http.md"), []byte(report.String()), 0o644))
}

// portless is text without the server's address, which varies.
func portless(text, addr string) string {
	return strings.ReplaceAll(text, addr, "<addr>")
}

// checkHTTPSettings checks what install claude --http --user wrote into
// the user's settings: the PreToolUse http entry to the server on addr
// with onFailure block, the SessionStart entry that ensures the server,
// the token of the user's token file in the env block, the file 0600.
func checkHTTPSettings(t *testing.T, env e2eEnv, home, addr string) {
	t.Helper()
	path := filepath.Join(home, ".claude", "settings.json")
	info, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), info.Mode().Perm(), "the settings hold the token")
	var settings struct {
		Env   map[string]string `json:"env"`
		Hooks map[string][]struct {
			Hooks []map[string]any `json:"hooks"`
		} `json:"hooks"`
	}
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &settings), "%s", b)
	tok, err := os.ReadFile(filepath.Join(home, ".config", "hookexec", "serve-token"))
	require.NoError(t, err, "install created no token")
	assert.Equal(t, strings.TrimSpace(string(tok)), settings.Env[serveTokenVar], "the token in the settings' env block")
	var pre, start []map[string]any
	for _, g := range settings.Hooks["PreToolUse"] {
		pre = append(pre, g.Hooks...)
	}
	for _, g := range settings.Hooks["SessionStart"] {
		start = append(start, g.Hooks...)
	}
	require.NotEmpty(t, pre, "no PreToolUse entry:\n%s", b)
	assert.Equal(t, "http", pre[0]["type"])
	url, _ := pre[0]["url"].(string)
	assert.True(t, strings.HasPrefix(url, "http://"+addr+"/v1/claude/PreToolUse"), "the PreToolUse entry's url %q", url)
	assert.Equal(t, "block", pre[0]["onFailure"])
	var ensure bool
	for _, h := range start {
		cmd, _ := h["command"].(string)
		ensure = ensure || (h["type"] == "command" && strings.Contains(cmd, env.bin) && strings.Contains(cmd, "serve --http "+addr) && strings.Contains(cmd, "--ensure"))
	}
	assert.True(t, ensure, "no SessionStart entry that ensures the server:\n%s", b)
}
