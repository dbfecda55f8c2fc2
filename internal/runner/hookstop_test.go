package runner

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Timeouts, cancellation and KillAll with the test binary as the hook, on
// every OS. On Windows the graceful stop (Ctrl-Break) cannot be delivered
// without a shared console, which Wine never has: there the hook is killed
// as soon as it is stopped, and these tests check the kill.

var markers atomic.Int64

// startAllowance is a timeout long enough for the hook program to start
// and reach its sleep on a busy machine: long for Windows, where a process
// starts slowly under Wine, the more so in a fresh Wine prefix.
func startAllowance() time.Duration {
	if runtime.GOOS == "windows" {
		return 8 * time.Second
	}
	return 2 * time.Second
}

// uniqueMarker is a word that no other process's command line holds, not
// even one of a test run of another checkout on the same machine.
func uniqueMarker(name string) string {
	return fmt.Sprintf("hookexec%s%dn%d", name, os.Getpid(), markers.Add(1))
}

func TestHookTimeoutKillsTheHookAndItsChild(t *testing.T) {
	t.Parallel()
	marker, pidFile := uniqueMarker("timeoutchild"), filepath.Join(tempDir(t), "child.pid")
	killChildOnCleanup(t, marker, pidFile)
	timeout, grace := startAllowance(), 500*time.Millisecond
	spec := hook("child", marker, pidFile, "waitfile", pidFile, "print", "started", "sleep", "10m")
	spec.Timeout = timeout

	start := time.Now()
	res := New(Options{KillGrace: grace}).Run(context.Background(), spec)
	elapsed := time.Since(start)

	require.NoError(t, res.Err)
	assert.Equal(t, TimedOut, res.Status)
	assert.True(t, res.Started)
	assert.Equal(t, "started\n", string(res.Stdout), "the child had started before the timeout")
	assert.GreaterOrEqual(t, elapsed, timeout)
	assert.Less(t, elapsed, timeout+grace+5*time.Second)
	assert.FileExists(t, pidFile)
	assert.Empty(t, survivors(t, marker), "the hook's child is gone")
}

func TestHookIgnoringTheStopIsKilledAfterTheGrace(t *testing.T) {
	t.Parallel()
	ready := readyFile(t)
	timeout, grace := startAllowance(), 700*time.Millisecond
	spec := hook("ignore-stop", "touch", ready, "sleep", "10m")
	spec.Timeout = timeout

	start := time.Now()
	res := New(Options{KillGrace: grace}).Run(context.Background(), spec)
	elapsed := time.Since(start)

	require.NoError(t, res.Err)
	assert.Equal(t, TimedOut, res.Status)
	require.FileExists(t, ready, "the hook ignored the stop before the timeout")
	assert.Equal(t, -1, res.ExitCode, "killed: no exit code")
	assert.Less(t, elapsed, timeout+grace+5*time.Second)
	if runtime.GOOS == "windows" {
		assert.Empty(t, res.Signal)
	} else {
		assert.Equal(t, "SIGKILL", res.Signal)
		assert.GreaterOrEqual(t, elapsed, timeout+grace, "the TERM was ignored: the whole grace was waited")
	}
}

func TestHookCancelKillsAndKeepsOutput(t *testing.T) {
	t.Parallel()
	marker, pidFile := uniqueMarker("cancelchild"), filepath.Join(tempDir(t), "child.pid")
	ready := readyFile(t)
	killChildOnCleanup(t, marker, pidFile)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan Result, 1)
	go func() {
		done <- New(Options{KillGrace: 500 * time.Millisecond}).Run(ctx,
			hook("child", marker, pidFile, "waitfile", pidFile, "print", "partial", "touch", ready, "sleep", "10m"))
	}()
	waitForFile(t, ready)
	cancel()
	var res Result
	select {
	case res = <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("Run did not return after the cancellation")
	}
	require.NoError(t, res.Err)
	assert.Equal(t, Cancelled, res.Status)
	assert.True(t, res.Started)
	assert.Equal(t, "partial\n", string(res.Stdout))
	assert.Empty(t, survivors(t, marker), "the hook's child is gone")
}

func TestHookKillAllEndsTheGraceAtOnce(t *testing.T) {
	t.Parallel()
	ready := readyFile(t)
	r := New(Options{KillGrace: time.Hour})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan Result, 1)
	go func() { done <- r.Run(ctx, hook("ignore-stop", "touch", ready, "sleep", "10m")) }()
	waitForFile(t, ready)
	cancel() // the stop is ignored (or cannot be sent): an hour of grace
	time.Sleep(200 * time.Millisecond)
	r.KillAll()
	select {
	case res := <-done:
		require.NoError(t, res.Err)
		assert.Equal(t, Cancelled, res.Status)
		assert.Equal(t, -1, res.ExitCode)
	case <-time.After(20 * time.Second):
		t.Fatal("KillAll did not end the grace period")
	}
}

// A hook that exits on its own leaves its background child running, as
// the hook intended (SPEC §4.5), even though the child holds its stdout:
// Run returns after the pipe drain. On Windows the child is in the hook's
// job, which must not kill it when it is closed.
func TestHookBackgroundChildIsLeftAlone(t *testing.T) {
	t.Parallel()
	marker, pidFile := uniqueMarker("leftchild"), filepath.Join(tempDir(t), "child.pid")
	killChildOnCleanup(t, marker, pidFile)
	start := time.Now()
	res := New(Options{}).Run(context.Background(), hook("child", marker, pidFile, "waitfile", pidFile, "print", "done"))
	require.NoError(t, res.Err)
	assert.Equal(t, Exited, res.Status)
	assert.Equal(t, 0, res.ExitCode)
	assert.Equal(t, "done\n", string(res.Stdout))
	assert.Less(t, time.Since(start), 20*time.Second)
	time.Sleep(300 * time.Millisecond)
	assert.NotEmpty(t, survivors(t, marker), "the background child still runs")
}
