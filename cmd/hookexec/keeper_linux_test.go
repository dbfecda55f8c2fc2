//go:build linux

package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/testproc"
)

// survivors are the live processes whose command line has marker.
func survivors(t *testing.T, marker string) []int {
	t.Helper()
	pids, err := testproc.Survivors(marker)
	require.NoError(t, err)
	return pids
}

// keeperOf is the pid of the keeper of the serve process server: its
// child running the hidden verb.
func keeperOf(t *testing.T, server int) int {
	t.Helper()
	for _, pid := range survivors(t, keeperVerb) {
		data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...: comm may hold spaces.
		s := string(data)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		if len(f) > 1 && f[1] == strconv.Itoa(server) {
			return pid
		}
	}
	t.Fatalf("serve (pid %d) has no keeper", server)
	return 0
}

// gone waits (at most 10 s) until no live process has marker in its
// command line.
func gone(t *testing.T, marker, what string) {
	t.Helper()
	require.Eventually(t, func() bool { return len(survivors(t, marker)) == 0 }, 10*time.Second, 20*time.Millisecond,
		"%s still running: %v", what, survivors(t, marker))
}

// exited waits (at most 10 s) until pid has exited (a zombie has).
func exited(t *testing.T, pid int, what string) {
	t.Helper()
	require.Eventually(t, func() bool {
		data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if err != nil {
			return true
		}
		s := string(data)
		f := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
		return len(f) > 0 && f[0] == "Z"
	}, 10*time.Second, 20*time.Millisecond, "%s (pid %d) still running", what, pid)
}

// sleeper is the argument of a sleep of about 5 minutes that only this
// test's processes have; none of them outlives the test.
func sleeper(t *testing.T) string {
	s := fmt.Sprintf("300.%06d", time.Now().UnixNano()%1e6)
	t.Cleanup(func() {
		for _, pid := range survivors(t, "sleep "+s) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	})
	return s
}

// serve killed with SIGKILL while a hook runs leaves nothing of the hook:
// its keeper ends the hook's shell, the children in its group, and the
// child that left its session (setsid), then exits itself.
func TestServeKilledLeavesNoHookBehind(t *testing.T) {
	t.Parallel()
	e := newServeEnv(t)
	s := sleeper(t)
	ready := e.path("ready")
	hook := fmt.Sprintf("sleep %s & sleep %s & setsid sleep %s & touch %s; wait", s, s, s, ready)
	cfg := e.write(t, "hooks.json", hookConfig(map[string]string{"*": hook}))
	p := e.serve(t, "--config", cfg)
	p.request("1", "BeforeTool", `{"tool_name":"x"}`, "")
	waitFile(t, ready)
	require.GreaterOrEqual(t, len(survivors(t, "sleep "+s)), 3, "the hook's sleeps are not running")
	keeper := keeperOf(t, p.cmd.Process.Pid)

	require.NoError(t, p.cmd.Process.Kill())
	_ = p.cmd.Wait()
	gone(t, "sleep "+s, "processes of the hook of a killed serve")
	exited(t, keeper, "the keeper of a killed serve")
}

// serve that ends normally (end of stdin) stops its keeper, and what its
// finished hooks left in the background on purpose stays.
func TestServeExitStopsItsKeeper(t *testing.T) {
	t.Parallel()
	e := newServeEnv(t)
	s := sleeper(t)
	cfg := e.write(t, "hooks.json", hookConfig(map[string]string{"*": "sleep " + s + " >/dev/null 2>&1 &"}))
	p := e.serve(t, "--config", cfg)
	p.request("1", "BeforeTool", `{"tool_name":"x"}`, "")
	m := p.recv()
	require.True(t, m.Payload.Success, "%+v", m)
	keeper := keeperOf(t, p.cmd.Process.Pid)

	require.NoError(t, p.wait())
	exited(t, keeper, "the keeper of a serve that exited")
	assert.Len(t, survivors(t, "sleep "+s), 1, "the keeper ended what a finished hook left running")
}

// fire starts no keeper.
func TestFireStartsNoKeeper(t *testing.T) {
	t.Parallel()
	e := newServeEnv(t)
	mark := e.path("keeper-seen")
	// The hook counts the keepers among its parent's (fire's) children;
	// the brackets keep its own command line from matching.
	hook := fmt.Sprintf(`ps -o args= --ppid $PPID | grep -c '[%s]%s' > %s; true`, keeperVerb[:1], keeperVerb[1:], mark)
	cfg := e.write(t, "hooks.json", hookConfig(map[string]string{"*": hook}))
	cmd := e.command("fire", "BeforeTool", "--config", cfg)
	cmd.Stdin = strings.NewReader(`{"tool_name":"x"}`)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "%s", out)
	data, err := os.ReadFile(mark)
	require.NoError(t, err)
	assert.Equal(t, "0\n", string(data))
}

// The same over HTTP, the agents' transport: a request whose hook runs
// when `serve --http` is killed leaves nothing behind, and the agent sees
// a failed request, not an answer.
func TestServeHTTPKilledLeavesNoHookBehind(t *testing.T) {
	t.Parallel()
	e := newServeEnv(t)
	s := sleeper(t)
	ready := e.path("ready")
	hook, err := json.Marshal(fmt.Sprintf("sleep %s & sleep %s & setsid sleep %s & touch %s; wait", s, s, s, ready))
	require.NoError(t, err)
	cfg := e.write(t, "hooks.json", `{"hooks":{"PreToolUse":[{"matcher":"Bash","hooks":[{"type":"command","command":`+string(hook)+`}]}]}}`)
	p := e.serveHTTP(t, nil, "--config", cfg)
	answered := make(chan error, 1)
	go func() {
		req, err := http.NewRequest(http.MethodPost, "http://"+p.addr+"/v1/claude/PreToolUse",
			strings.NewReader(`{"session_id":"s","cwd":"`+e.dir+`","hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"ls"}}`))
		if err != nil {
			answered <- err
			return
		}
		req.Header.Set("Authorization", "Bearer "+p.token)
		req.Header.Set("Content-Type", "application/json")
		resp, err := (&http.Client{Timeout: 120 * time.Second}).Do(req)
		if err == nil {
			_, err = io.ReadAll(resp.Body)
			_ = resp.Body.Close()
		}
		answered <- err
	}()
	waitFile(t, ready)
	keeper := keeperOf(t, p.cmd.Process.Pid)

	require.NoError(t, p.cmd.Process.Kill())
	_ = p.wait(30 * time.Second)
	assert.Error(t, <-answered, "a killed server answered")
	gone(t, "sleep "+s, "processes of the hook of a killed serve --http")
	exited(t, keeper, "the keeper of a killed serve --http")
}

// serve stopped by SIGTERM while a hook runs ends the hook itself (it
// cancels its events) and its keeper exits with it.
func TestServeTerminatedStopsItsKeeper(t *testing.T) {
	t.Parallel()
	e := newServeEnv(t)
	s := sleeper(t)
	ready := e.path("ready")
	cfg := e.write(t, "hooks.json", hookConfig(map[string]string{"*": fmt.Sprintf("sleep %s & touch %s; wait", s, ready)}))
	p := e.serve(t, "--config", cfg)
	p.request("1", "BeforeTool", `{"tool_name":"x"}`, "")
	waitFile(t, ready)
	keeper := keeperOf(t, p.cmd.Process.Pid)

	require.NoError(t, p.cmd.Process.Signal(syscall.SIGTERM))
	require.NoError(t, p.wait())
	assert.Empty(t, survivors(t, "sleep "+s), "serve exited before its cancelled hook was gone")
	exited(t, keeper, "the keeper of a serve stopped by SIGTERM")
}
