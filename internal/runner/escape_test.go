//go:build linux

package runner

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Descendants that leave the hook's process group die with it on timeout
// and cancellation. Each case has its own "47xx" marker.

func TestTimeoutKillsEscapedDescendants(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, marker, script string
		needs                string // a program the case needs
	}{
		// coreutils timeout puts itself and its child in a group of its own.
		{"coreutils timeout", "sleep 4701", `timeout 120 sleep 4701; echo done`, "timeout"},
		{"setsid", "sleep 4702", `setsid sleep 4702 </dev/null >/dev/null 2>&1 & sleep 30`, "setsid"},
		{"setpgid", "time.sleep.4703", `python3 -c 'import os,time; os.setpgid(0,0); time.sleep(4703)'; echo done`, "python3"},
		// Job control gives each job its own group.
		{"job control", "sleep 4704", `exec bash -c 'set -m; sleep 4704 & wait'`, "bash"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			if _, err := exec.LookPath(tt.needs); err != nil {
				t.Skipf("%s is not installed", tt.needs)
			}
			killOnCleanup(t, tt.marker)
			spec := bash(tt.script)
			spec.Timeout = 500 * time.Millisecond

			start := time.Now()
			res := New(Options{KillGrace: 200 * time.Millisecond}).Run(context.Background(), spec)

			require.NoError(t, res.Err)
			assert.Equal(t, TimedOut, res.Status)
			assert.Less(t, time.Since(start), 10*time.Second)
			assert.Empty(t, pgrepFull(t, tt.marker), "no descendant survives, in the group or not")
		})
	}
}

func TestCancelKillsEscapedDescendants(t *testing.T) {
	t.Parallel()
	killOnCleanup(t, "sleep 4705")
	ready := readyFile(t)
	// As hookexec's own SIGTERM does: the context is cancelled while the
	// escapees run.
	spec := bash(`setsid sleep 4705 </dev/null >/dev/null 2>&1 &
timeout 120 sleep 4705 &
exec bash -c 'set -m; sleep 4705 & touch "$READY"; wait'`, "READY="+ready)

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		waitForFile(t, ready)
		cancel()
	}()
	res := New(Options{KillGrace: 200 * time.Millisecond}).Run(ctx, spec)

	require.NoError(t, res.Err)
	assert.Equal(t, Cancelled, res.Status)
	assert.Empty(t, pgrepFull(t, "sleep 4705"))
}

// A double-forked daemon is orphaned before the timeout: only the
// subreaper keeps it findable. Not parallel: an orphan that appeared while
// another test's hook ran is left alone, as that hook's deliberate daemon.
func TestTimeoutKillsAdoptedDaemon(t *testing.T) {
	killOnCleanup(t, "sleep 4706")
	dir := t.TempDir()
	ready, pidFile := filepath.Join(dir, "ready"), filepath.Join(dir, "pid")
	// The hook waits until its daemon is re-parented to the runner's
	// process ($PPID), then waits for the timeout.
	spec := bash(`(setsid sh -c 'sleep 4706 </dev/null >/dev/null 2>&1 & echo $! > "$PIDF"' &)
until [ -s "$PIDF" ]; do sleep 0.01; done
d=$(cat "$PIDF")
until [ "$(cut -d' ' -f4 /proc/$d/stat)" = "$PPID" ]; do sleep 0.01; done
touch "$READY"
sleep 30`, "READY="+ready, "PIDF="+pidFile)
	spec.Timeout = 2 * time.Second

	res := New(Options{KillGrace: 200 * time.Millisecond}).Run(context.Background(), spec)

	require.NoError(t, res.Err)
	assert.Equal(t, TimedOut, res.Status)
	require.FileExists(t, ready, "the daemon was adopted before the timeout")
	assert.Empty(t, pgrepFull(t, "sleep 4706"))
	// The killed daemon was reaped, not left a zombie of this process.
	pid, err := os.ReadFile(pidFile)
	require.NoError(t, err)
	assert.NoFileExists(t, "/proc/"+string(pid[:len(pid)-1]))
}

// A hook that exits on its own keeps its daemon, even while another hook
// of the same event is terminated and its escapees are killed. Not
// parallel, as above.
func TestDaemonOfExitedHookSurvivesOthersTimeout(t *testing.T) {
	killOnCleanup(t, "sleep 4707")
	killOnCleanup(t, "sleep 4708")
	left := bash(`(setsid sleep 4707 </dev/null >/dev/null 2>&1 &); echo left`)
	left.Timeout = time.Minute
	killed := bash(`setsid sleep 4708 </dev/null >/dev/null 2>&1 & sleep 30`)
	killed.Timeout = 500 * time.Millisecond

	res := New(Options{KillGrace: 200 * time.Millisecond}).RunAll(context.Background(), []Spec{left, killed})

	assert.Equal(t, Exited, res[0].Status)
	assert.Equal(t, TimedOut, res[1].Status)
	assert.Len(t, pgrepFull(t, "sleep 4707"), 1, "the daemon of the hook that exited is left alone")
	assert.Empty(t, pgrepFull(t, "sleep 4708"))
}

// A daemon orphaned while another hook runs cannot be told apart by when
// it started, but one that stayed in its hook's session (here: its own
// group, by job control) is the timed-out hook's by its session. Not
// parallel, as above.
func TestTimeoutKillsOrphanInItsSessionWhileAnotherHookRuns(t *testing.T) {
	killOnCleanup(t, "sleep 4715")
	ready := readyFile(t)
	other := bash(`sleep 1.5; echo other`)
	killed := bash(`bash -c 'set -m; sleep 4715 </dev/null >/dev/null 2>&1 & exit 0'; touch "$READY"; sleep 30`, "READY="+ready)
	killed.Timeout = 700 * time.Millisecond

	res := New(Options{KillGrace: 200 * time.Millisecond}).RunAll(context.Background(), []Spec{other, killed})

	assert.Equal(t, Exited, res[0].Status)
	assert.Equal(t, TimedOut, res[1].Status)
	require.FileExists(t, ready, "the orphan was made before the timeout")
	assert.Empty(t, pgrepFull(t, "sleep 4715"))
}

// What a hook starts during its grace period (here: the cleanup its TERM
// trap runs) is not sent SIGTERM: the grace period is there for that
// cleanup. It runs to its end, and the hook ends before the grace does.
func TestCleanupDuringGraceIsNotTerminated(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ready, done := filepath.Join(dir, "ready"), filepath.Join(dir, "done")
	spec := bash(`trap 'sleep 0.3 && touch "$DONE"; exit 0' TERM; touch "$READY"; while :; do sleep 0.05; done`, "READY="+ready, "DONE="+done)
	spec.Timeout = 300 * time.Millisecond

	res := New(Options{KillGrace: 20 * time.Second}).Run(context.Background(), spec)

	require.NoError(t, res.Err)
	assert.Equal(t, TimedOut, res.Status)
	require.FileExists(t, ready)
	assert.FileExists(t, done, "the cleanup's sleep was terminated")
	assert.Equal(t, 0, res.ExitCode)
	assert.Less(t, res.Duration, 10*time.Second)
}
