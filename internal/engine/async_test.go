//go:build unix

package engine

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"syscall"
	"testing"
	"time"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/agents/gemini"
	"github.com/hookexec/hookexec/internal/background"
	"github.com/hookexec/hookexec/internal/planner"
	"github.com/hookexec/hookexec/internal/runner"
	"github.com/hookexec/hookexec/internal/testproc"
	"github.com/hookexec/hookexec/internal/verdict"
)

// async is a hook with "async": true.
func async(h hook) hook {
	h["async"] = true
	return h
}

// runAsync runs f's plan with a background group on its own runner and
// returns the verdict and the group (Wait for the background hooks).
func runAsync(t *testing.T, f fixture, opts runner.Options) (verdict.Verdict, *background.Group) {
	t.Helper()
	e := f.engine(opts)
	g := background.NewGroup(context.Background(), runner.New(opts), zerolog.Nop())
	t.Cleanup(g.Wait)
	e.Background = g
	return e.Run(context.Background(), f.plan, f.input), g
}

// TestAsyncHookDoesNotHoldTheVerdict: the verdict is there while the async
// hook still waits; the hook then runs to its end with the event JSON on
// its stdin.
func TestAsyncHookDoesNotHoldTheVerdict(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	hookCmd := fmt.Sprintf(`while [ ! -e %s ]; do sleep 0.02; done; cat > %s`, q(dir+"/go"), q(dir+"/stdin"))
	f := load(t, "BeforeTool", map[string][]def{"BeforeTool": {group(
		named("first", "echo before"),
		async(withTimeout(named("later", hookCmd), "30s")),
		named("last", "echo after"),
	)}}, `{"tool_name":"x"}`, planner.Options{})

	v, g := runAsync(t, f, runner.Options{})

	assert.Equal(t, []string{"first", "later", "last"}, names(v), "plan order")
	assert.Equal(t, []verdict.Outcome{verdict.Success, verdict.Async, verdict.Success}, outcomes(v))
	assert.Empty(t, v.Hooks[1].Error)
	assert.Nil(t, v.Hooks[1].ExitCode)
	assert.Equal(t, "before\nafter", v.SystemMessage)
	assert.NoFileExists(t, dir+"/stdin", "the verdict did not wait for the hook")

	require.NoError(t, os.WriteFile(dir+"/go", nil, 0o644))
	g.Wait()
	got := readJSON(t, dir+"/stdin")
	assert.Equal(t, "BeforeTool", got["hook_event_name"])
	assert.Equal(t, "x", got["tool_name"])
}

// TestAsyncHookAnswerIgnored: an async hook's deny, exit 2, failure or
// timeout is no decision and no failure, also when it fails closed: Claude
// Code ignores an async hook's decision fields and its onFailure.
func TestAsyncHookAnswerIgnored(t *testing.T) {
	t.Parallel()
	for _, hookCmd := range []string{
		`echo '{"decision":"deny","reason":"no"}'`,
		`echo no >&2; exit 2`,
		`echo '{"continue":false,"stopReason":"stop"}'`,
		`exit 1`,
	} {
		t.Run(hookCmd, func(t *testing.T) {
			t.Parallel()
			h := async(named("bg", hookCmd))
			h["failClosed"] = true
			f := load(t, "BeforeTool", map[string][]def{"BeforeTool": {group(h, cmd(`echo '{"decision":"allow"}'`))}},
				`{"tool_name":"x"}`, planner.Options{FailClosed: true})

			v, _ := runAsync(t, f, runner.Options{})

			assert.False(t, v.Blocked)
			assert.Equal(t, "allow", v.Decision)
			assert.True(t, v.Continue)
			assert.Empty(t, gemini.Failed(v))
			assert.Equal(t, verdict.Async, v.Hooks[0].Outcome)
			assert.Nil(t, v.Hooks[0].Output)
		})
	}
}

// TestAsyncHookKilledAfterItsTimeout: an async hook never outlives its
// timeout: it and everything it started get SIGTERM, then SIGKILL after
// the kill grace (SPEC §4.5), unlike Claude Code 2.1.328, which lets it run
// until the session ends.
func TestAsyncHookKilledAfterItsTimeout(t *testing.T) {
	t.Parallel()
	marker := fmt.Sprintf("600.%06d", rand.IntN(1_000_000))
	t.Cleanup(func() {
		pids, _ := testproc.Survivors("sleep " + marker)
		for _, pid := range pids {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	})
	hookCmd := fmt.Sprintf(`trap '' TERM; sleep %s & sleep %s`, marker, marker)
	f := load(t, "BeforeTool", map[string][]def{"BeforeTool": {group(
		async(withTimeout(named("slow", hookCmd), "300ms")),
	)}}, `{"tool_name":"x"}`, planner.Options{})

	start := time.Now()
	v, g := runAsync(t, f, runnerOptsFast)
	assert.Equal(t, []verdict.Outcome{verdict.Async}, outcomes(v))
	require.Eventually(t, func() bool {
		pids, err := testproc.Survivors("sleep " + marker)
		return err == nil && len(pids) >= 2 // the shell and its two sleeps
	}, 5*time.Second, 10*time.Millisecond, "the hook and its child run after the verdict")

	g.Wait()
	assert.Less(t, time.Since(start), 5*time.Second, "300ms timeout + 500ms grace")
	pids, err := testproc.Survivors("sleep " + marker)
	require.NoError(t, err)
	assert.Empty(t, pids, "nothing the hook started is left after its bound")
}

// TestAsyncHookWithoutBackground: where nothing can supervise it (test),
// an async hook is reported, not run, and the report says why.
func TestAsyncHookWithoutBackground(t *testing.T) {
	t.Parallel()
	f := load(t, "BeforeTool", map[string][]def{"BeforeTool": {group(async(cmd("touch ran")))}}, `{"tool_name":"x"}`, planner.Options{})
	v := f.run(t)
	require.Equal(t, []verdict.Outcome{verdict.Async}, outcomes(v))
	assert.Contains(t, v.Hooks[0].Error, "not started")
	assert.NoFileExists(t, f.path("ran"))
}

// TestAsyncHookInSequentialPlan: an async hook takes no part in a
// sequential chain and is never skipped by a block before it; the others
// keep their order and chaining.
func TestAsyncHookInSequentialPlan(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	f := load(t, "BeforeTool", map[string][]def{"BeforeTool": {sequential(
		named("deny", `echo '{"decision":"deny","reason":"r"}'`),
		async(named("bg", "cat > "+q(dir+"/bg"))),
		named("after", "touch "+q(dir+"/after")),
	)}}, `{"tool_name":"x"}`, planner.Options{})

	v, g := runAsync(t, f, runner.Options{})
	g.Wait()

	assert.Equal(t, []verdict.Outcome{verdict.Success, verdict.Async, verdict.Skipped}, outcomes(v))
	assert.True(t, v.Blocked)
	assert.FileExists(t, dir+"/bg")
	assert.NoFileExists(t, dir+"/after")
}
