//go:build unix

package main

import (
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// httpConfig is a claude-dialect config: Bash commands with "rm " are
// blocked (exit 2), the tool Fail's policy fails (exit 7), anything else
// passes.
const httpConfig = `{"hooks":{"PreToolUse":[
 {"matcher":"Bash","hooks":[{"type":"command","command":"if grep -q 'rm '; then echo 'no rm here' >&2; exit 2; fi"}]},
 {"matcher":"Fail","hooks":[{"type":"command","command":"echo broken >&2; exit 7"}]}]}}`

// The body of an answer over HTTP is byte for byte what fire prints for
// the same event, format and configs; its status is 200 where fire exits
// 0 or 2, 500 where it exits 1.
func TestServeHTTPAnswersAsFire(t *testing.T) {
	t.Parallel()
	durations := regexp.MustCompile(`"durationMs": [0-9.e+-]+`)
	e := newServeEnv(t)
	cfg := e.write(t, "hooks.json", httpConfig)
	bad := e.write(t, "bad.json", `{"hooks": {"PreToolUse": [`)
	good := e.serveHTTP(t, nil, "--config", cfg)
	broken := e.serveHTTP(t, nil, "--config", bad)
	// The project is not the home directory: a served event is an
	// agent's (SPEC §2.5), where a HOME inside the project is ignored.
	project := e.path("proj")
	require.NoError(t, os.Mkdir(project, 0o755))
	bash := func(cmd string) string {
		return `{"session_id":"s","cwd":"` + project + `","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"` + cmd + `"}}`
	}
	fail := `{"session_id":"s","cwd":"` + project + `","tool_name":"Fail","tool_input":{}}`
	for _, tc := range []struct {
		name, format, event, input string
		srv                        *httpProc
		cfg                        string
		status                     int
	}{
		{"claude allow", "claude", "PreToolUse", bash("ls"), good, cfg, 200},
		{"claude block", "claude", "PreToolUse", bash("rm -rf x"), good, cfg, 200},
		{"qwen block", "qwen", "PreToolUse", bash("rm -rf x"), good, cfg, 200},
		{"copilot allow", "copilot", "preToolUse", `{"timestamp":1,"cwd":"` + project + `","toolName":"bash","toolArgs":"{\"command\":\"ls\"}"}`, good, cfg, 200},
		{"claude policy failed", "claude", "PreToolUse", fail, good, cfg, 200},
		{"gemini policy failed", "gemini", "BeforeTool", fail, good, cfg, 500},
		{"result block", "result", "PreToolUse", bash("rm -rf x"), good, cfg, 200},
		{"claude config error", "claude", "PreToolUse", bash("ls"), broken, bad, 200},
		{"gemini config error", "gemini", "BeforeTool", bash("ls"), broken, bad, 200}, // denied (SPEC §2.5): fire exits 2
	} {
		t.Run(tc.name, func(t *testing.T) {
			want, exit := e.fireOut(t, tc.input, tc.event, "--format", tc.format, "--config", tc.cfg)
			status, body := tc.srv.post(tc.format, tc.event, tc.input, "")
			// Only the result format carries durations, which differ.
			assert.Equal(t, durations.ReplaceAllString(want, `"durationMs": 0`), durations.ReplaceAllString(body, `"durationMs": 0`), "fire exited %d", exit)
			assert.Equal(t, tc.status, status, "fire exited %d; body %s", exit, body)
			if exit == 1 {
				assert.Equal(t, http.StatusInternalServerError, status)
			} else {
				assert.Equal(t, http.StatusOK, status)
			}
		})
	}
}

// Claude Code reads the created worktree's path from an http hook's
// hookSpecificOutput.worktreePath (fire prints it as text for a command
// hook).
func TestServeHTTPWorktreeCreate(t *testing.T) {
	t.Parallel()
	e := newServeEnv(t)
	cfg := e.write(t, "hooks.json", `{"hooks":{"WorktreeCreate":[{"hooks":[{"type":"command","command":"echo /tmp/wt/feature"}]}]}}`)
	p := e.serveHTTP(t, nil, "--config", cfg)
	status, body := p.post("claude", "WorktreeCreate", `{"session_id":"s","cwd":"`+e.dir+`","hook_event_name":"WorktreeCreate","name":"feature"}`, "")
	require.Equal(t, http.StatusOK, status, body)
	assert.JSONEq(t, `{"hookSpecificOutput":{"hookEventName":"WorktreeCreate","worktreePath":"/tmp/wt/feature"}}`, body)

	// A refusal (fire: nothing printed, exit 2) is an error with the
	// reason: Claude Code fails the creation and shows it.
	deny := e.write(t, "deny.json", `{"hooks":{"WorktreeCreate":[{"hooks":[{"type":"command","command":"echo no worktrees here >&2; exit 2"}]}]}}`)
	q := e.serveHTTP(t, nil, "--config", deny)
	status, body = q.post("claude", "WorktreeCreate", `{"session_id":"s","cwd":"`+e.dir+`","hook_event_name":"WorktreeCreate","name":"feature"}`, "")
	assert.Equal(t, http.StatusInternalServerError, status, body)
	assert.Contains(t, body, "no worktrees here")
	assert.NotContains(t, body, "worktreePath")
}

// The project directory of a request is its Hookexec-Project-Dir header,
// never the CLAUDE_PROJECT_DIR of whoever started the server.
func TestServeHTTPProjectDirPerRequest(t *testing.T) {
	t.Parallel()
	e := newServeEnv(t)
	for _, name := range []string{"a", "b", "c"} {
		// Each project's policy notes that it ran, and what the hook saw
		// as CLAUDE_PROJECT_DIR.
		e.write(t, name+"/.hookexec/hooks.json", `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"echo \"$CLAUDE_PROJECT_DIR\" > `+e.path(name+".ran")+`"}]}]}}`)
		trust := e.command("trust", "--yes")
		trust.Dir = e.path(name)
		out, err := trust.CombinedOutput()
		require.NoError(t, err, string(out))
	}
	p := e.serveHTTP(t, []string{"CLAUDE_PROJECT_DIR=" + e.path("a"), "QWEN_PROJECT_DIR=" + e.path("a")})
	input := func(cwd string) string {
		return `{"session_id":"s","cwd":"` + cwd + `","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`
	}
	status, body := p.post("claude", "PreToolUse", input(e.path("c")), e.path("b"))
	require.Equal(t, http.StatusOK, status, body)
	got, err := os.ReadFile(e.path("b.ran"))
	require.NoError(t, err, "b's policy did not run")
	assert.Equal(t, e.path("b"), strings.TrimSpace(string(got)))
	assert.NoFileExists(t, e.path("a.ran"), "the server's own CLAUDE_PROJECT_DIR applied")

	// Without the header the input's cwd finds the project, as fire
	// without the variable does; the server's /a never applies.
	status, body = p.post("claude", "PreToolUse", input(e.path("c")), "")
	require.Equal(t, http.StatusOK, status, body)
	got, err = os.ReadFile(e.path("c.ran"))
	require.NoError(t, err, "c's policy did not run")
	assert.Equal(t, e.path("c"), strings.TrimSpace(string(got)))
	status, _ = p.post("qwen", "PreToolUse", input(e.path("c")), "")
	require.Equal(t, http.StatusOK, status)
	assert.NoFileExists(t, e.path("a.ran"), "the server's own QWEN_PROJECT_DIR applied")
}

// The server's own working directory is no session's: an event whose cwd
// is in no project finds no project, even when the server runs inside one
// (fire, run by the agent in that cwd, would find none either).
func TestServeHTTPIgnoresItsOwnDirectory(t *testing.T) {
	t.Parallel()
	e := newServeEnv(t)
	e.write(t, "home-project/.hookexec/hooks.json", `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"touch `+e.path("ran")+`"}]}]}}`)
	trust := e.command("trust", "--yes")
	trust.Dir = e.path("home-project")
	out, err := trust.CombinedOutput()
	require.NoError(t, err, string(out))
	e.write(t, "elsewhere/file", "")
	p := e.serveHTTPIn(t, e.path("home-project"), nil)
	status, body := p.post("claude", "PreToolUse", `{"session_id":"s","cwd":"`+e.path("elsewhere")+`","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`, "")
	require.Equal(t, http.StatusOK, status, body)
	assert.NoFileExists(t, e.path("ran"), "the project of the server's working directory applied to another session's event")
}

// A pinned script changed while the server runs is refused at the next
// request over HTTP too (docs/trust-serve.md).
func TestServeHTTPRedecidesTrust(t *testing.T) {
	t.Parallel()
	e := newServeEnv(t)
	project := e.path("project")
	ran := e.path("changed-ran")
	e.write(t, "project/.hookexec/hooks.json", `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"sh .hookexec/guard.sh"}]}]}}`)
	e.write(t, "project/.hookexec/guard.sh", `echo '{"decision":"block","reason":"reviewed"}'`+"\n")
	trust := e.command("trust", "--yes")
	trust.Dir = project
	out, err := trust.CombinedOutput()
	require.NoError(t, err, string(out))
	p := e.serveHTTP(t, nil)
	in := `{"session_id":"s","cwd":"` + project + `","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`
	status, body := p.post("claude", "PreToolUse", in, project)
	require.Equal(t, http.StatusOK, status, body)
	assert.Contains(t, body, "reviewed")

	changed := `touch ` + ran + `; echo '{"decision":"approve","reason":"CHANGED"}'` + "\n"
	require.NoError(t, os.WriteFile(filepath.Join(project, ".hookexec", "guard.sh"), []byte(changed), 0o644))
	status, body = p.post("claude", "PreToolUse", in, project)
	require.Equal(t, http.StatusOK, status, body)
	assert.NotContains(t, body, "CHANGED")
	assert.Contains(t, body, "changed since you trusted them")
	assert.Contains(t, body, "held: sh .hookexec/guard.sh")
	assert.NoFileExists(t, ran, "the changed script ran")
}

// SIGTERM stops the server: the event running is answered (500, its hook
// cancelled) and the hook's process is gone.
func TestServeHTTPShutdownKillsHooks(t *testing.T) {
	t.Parallel()
	e := newServeEnv(t)
	pidFile := e.path("hook.pid")
	cfg := e.write(t, "hooks.json", `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"echo $$ > `+pidFile+`; exec sleep 300"}]}]}}`)
	p := e.serveHTTP(t, nil, "--config", cfg, "--kill-grace", "500ms")
	type answer struct {
		status int
		body   string
	}
	answered := make(chan answer, 1)
	go func() {
		s, b := p.post("claude", "PreToolUse", `{"session_id":"s","cwd":"`+e.dir+`","tool_name":"Bash","tool_input":{"command":"ls"}}`, "")
		answered <- answer{s, b}
	}()
	waitFile(t, pidFile)
	var pid int
	for deadline := time.Now().Add(30 * time.Second); pid == 0 && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		b, _ := os.ReadFile(pidFile)
		pid, _ = strconv.Atoi(strings.TrimSpace(string(b)))
	}
	require.NotZero(t, pid)
	require.True(t, alive(pid))
	require.NoError(t, p.cmd.Process.Signal(syscall.SIGTERM))
	select {
	case a := <-answered:
		assert.Equal(t, http.StatusInternalServerError, a.status, a.body)
	case <-time.After(60 * time.Second):
		t.Fatal("the running event was not answered in 60 s")
	}
	_ = p.wait(60 * time.Second)
	assert.False(t, alive(pid), "the hook's sleep 300 is still running after the shutdown")
}
