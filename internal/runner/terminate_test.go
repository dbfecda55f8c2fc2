//go:build unix

package runner

import (
	"context"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Each test uses its own "sleep 33xx" marker, so parallel tests never see
// each other's processes.

func TestTimeoutKillsGroupIgnoringTERM(t *testing.T) {
	t.Parallel()
	killOnCleanup(t, "sleep 3301")
	const timeout, grace = 300 * time.Millisecond, 500 * time.Millisecond
	spec := bash(`trap '' TERM; sleep 3301 & sleep 3301 & echo started; wait`)
	spec.Timeout = timeout

	start := time.Now()
	res := New(Options{KillGrace: grace}).Run(context.Background(), spec)
	elapsed := time.Since(start)

	require.NoError(t, res.Err)
	assert.Equal(t, TimedOut, res.Status)
	assert.True(t, res.Started)
	assert.Equal(t, "SIGKILL", res.Signal, "the TERM was ignored, so SIGKILL ended the leader")
	assert.Equal(t, "started\n", string(res.Stdout))
	assert.Less(t, elapsed, timeout+grace+time.Second)
	assert.GreaterOrEqual(t, elapsed, timeout)
	assert.Empty(t, pgrepFull(t, "sleep 3301"), "no process of the group is left")
}

func TestTimeoutKeepsOutputOfGracePeriod(t *testing.T) {
	t.Parallel()
	killOnCleanup(t, "sleep 3306")
	// On TERM the hook prints and carries on until the SIGKILL.
	spec := bash(`trap 'echo got-term; echo bye >&2' TERM; echo start; while :; do sleep 3306; done`)
	spec.Timeout = 200 * time.Millisecond
	res := New(Options{KillGrace: 500 * time.Millisecond}).Run(context.Background(), spec)

	require.NoError(t, res.Err)
	assert.Equal(t, TimedOut, res.Status)
	assert.Equal(t, "SIGKILL", res.Signal)
	assert.Equal(t, "start\ngot-term\n", string(res.Stdout))
	// bash also reports "Terminated" for the sleep the TERM killed.
	assert.True(t, strings.HasSuffix(string(res.Stderr), "bye\n"), "stderr: %q", res.Stderr)
	assert.Empty(t, pgrepFull(t, "sleep 3306"))
}

func TestTimeoutEndsWithTERM(t *testing.T) {
	t.Parallel()
	killOnCleanup(t, "sleep 3307")
	spec := bash(`echo partial; sleep 3307; echo never`)
	spec.Timeout = 200 * time.Millisecond

	start := time.Now()
	res := New(Options{KillGrace: 10 * time.Second}).Run(context.Background(), spec)

	require.NoError(t, res.Err)
	assert.Equal(t, TimedOut, res.Status)
	assert.Equal(t, "SIGTERM", res.Signal)
	assert.Equal(t, -1, res.ExitCode)
	assert.Equal(t, "partial\n", string(res.Stdout))
	assert.Less(t, time.Since(start), 5*time.Second, "a group that obeys TERM is not kept for the grace period")
	assert.Empty(t, pgrepFull(t, "sleep 3307"))
}

func TestTimeoutContinuesStoppedHook(t *testing.T) {
	t.Parallel()
	killOnCleanup(t, "sleep 3303")
	// The hook stops itself: without the SIGCONT after the SIGTERM it
	// would stay stopped until the SIGKILL at the end of the grace period.
	spec := bash(`sleep 3303 & echo stopping; kill -STOP $$; echo resumed`)
	spec.Timeout = 300 * time.Millisecond

	start := time.Now()
	res := New(Options{KillGrace: 10 * time.Second}).Run(context.Background(), spec)

	require.NoError(t, res.Err)
	assert.Equal(t, TimedOut, res.Status)
	assert.Equal(t, "SIGTERM", res.Signal)
	assert.Equal(t, "stopping\n", string(res.Stdout))
	assert.Less(t, time.Since(start), 5*time.Second, "SIGCONT let the pending TERM through")
	assert.Empty(t, pgrepFull(t, "sleep 3303"))
}

func TestBackgroundChildHoldingStdoutIsLeftAlone(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		marker string
		script string
	}{
		{"background job", "sleep 3302", `sleep 3302 & echo hi`},
		{"double fork", "sleep 3308", `(sleep 3308 &) ; echo hi`},
		{"also holds stderr, with a timeout", "sleep 3309", `sleep 3309 2>&1 & echo hi`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			killOnCleanup(t, tt.marker)
			spec := bash(tt.script)
			spec.Timeout = time.Minute

			start := time.Now()
			res := New(Options{}).Run(context.Background(), spec)
			elapsed := time.Since(start)

			require.NoError(t, res.Err)
			assert.Equal(t, Exited, res.Status)
			assert.Equal(t, 0, res.ExitCode)
			assert.Equal(t, "hi\n", string(res.Stdout))
			assert.Less(t, elapsed, 2*time.Second, "the background child's pipe is not waited for")
			assert.Len(t, pgrepFull(t, tt.marker), 1, "the deliberate background child is not killed")
		})
	}
}

func TestCancelTerminatesGroupAndKeepsOutput(t *testing.T) {
	t.Parallel()
	killOnCleanup(t, "sleep 3304")
	ready := readyFile(t)
	spec := bash(`echo before; echo err >&2; sleep 3304 & touch "$READY"; wait`, "READY="+ready)

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		waitForFile(t, ready)
		cancel()
	}()
	res := New(Options{KillGrace: 10 * time.Second}).Run(ctx, spec)

	require.NoError(t, res.Err)
	assert.Equal(t, Cancelled, res.Status)
	assert.True(t, res.Started)
	assert.Equal(t, "SIGTERM", res.Signal)
	assert.Equal(t, "before\n", string(res.Stdout))
	assert.Equal(t, "err\n", string(res.Stderr))
	assert.Empty(t, pgrepFull(t, "sleep 3304"))
}

func TestKillAllCutsGracePeriodShort(t *testing.T) {
	t.Parallel()
	killOnCleanup(t, "sleep 3305")
	ready := readyFile(t)
	spec := bash(`trap '' TERM; echo before; sleep 3305 & touch "$READY"; wait`, "READY="+ready)
	r := New(Options{KillGrace: 20 * time.Second})

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		waitForFile(t, ready)
		cancel()                           // first signal: TERM, grace begins
		time.Sleep(200 * time.Millisecond) // well inside the 20 s grace
		r.KillAll()                        // second signal
	}()
	start := time.Now()
	res := r.Run(ctx, spec)

	require.NoError(t, res.Err)
	assert.Equal(t, Cancelled, res.Status)
	assert.Equal(t, "SIGKILL", res.Signal)
	assert.Equal(t, "before\n", string(res.Stdout))
	assert.Less(t, time.Since(start), 10*time.Second, "KillAll does not wait for the grace period")
	assert.Empty(t, pgrepFull(t, "sleep 3305"))

	// Afterwards the runner starts nothing new.
	res = r.Run(context.Background(), bash(`echo ran`))
	assert.Equal(t, Cancelled, res.Status)
	assert.False(t, res.Started)
}

func TestKillAllWithoutCancelIsCancelled(t *testing.T) {
	t.Parallel()
	killOnCleanup(t, "sleep 3310")
	ready := readyFile(t)
	r := New(Options{})
	go func() {
		waitForFile(t, ready)
		r.KillAll()
	}()
	res := r.Run(context.Background(), bash(`sleep 3310 & touch "$READY"; wait`, "READY="+ready))
	require.NoError(t, res.Err)
	assert.Equal(t, Cancelled, res.Status, "a SIGKILL sent by the runner is not Signaled")
	assert.Equal(t, "SIGKILL", res.Signal)
	assert.Empty(t, pgrepFull(t, "sleep 3310"))
}

func TestProcStat(t *testing.T) {
	t.Parallel()
	state, pgrp, err := procStat(os.Getpid())
	require.NoError(t, err)
	assert.Equal(t, syscall.Getpgrp(), pgrp)
	// A live process: running, sleeping, or in disk sleep on a busy machine;
	// never a zombie or dead.
	assert.True(t, strings.ContainsRune("RSD", rune(state)), "state %c", state)
}

func TestNoKillGraceKillsRightAfterTERM(t *testing.T) {
	t.Parallel()
	killOnCleanup(t, "sleep 3320")
	spec := bash(`trap '' TERM; sleep 3320 & wait`)
	spec.Timeout = 200 * time.Millisecond

	start := time.Now()
	res := New(Options{KillGrace: NoKillGrace}).Run(context.Background(), spec)

	require.NoError(t, res.Err)
	assert.Equal(t, TimedOut, res.Status)
	assert.Equal(t, "SIGKILL", res.Signal)
	assert.Less(t, time.Since(start), DefaultKillGrace, "no grace period, not the default one")
	assert.Empty(t, pgrepFull(t, "sleep 3320"))
}
