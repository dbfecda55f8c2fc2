package runner

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"

	"github.com/hookexec/hookexec/internal/testproc"
)

// Waiting for running hooks holds no OS thread per hook: with
// 100 hooks running at once, the process has far fewer than 100 threads.
// Not parallel: other tests' hooks would count.
func TestWaitHoldsNoThreadPerHook(t *testing.T) {
	const n = 100
	dir := t.TempDir()
	specs := make([]Spec, n)
	for i := range specs {
		// Each hook says it runs, then waits for the test to let it go.
		specs[i] = Spec{Argv: []string{"sh", "-c", `touch "$1/$2"; while [ ! -e "$1/go" ]; do sleep 0.05; done`, "sh", dir, strconv.Itoa(i)}}
	}
	done := make(chan []Result)
	go func() { done <- New(Options{}).RunAll(context.Background(), specs) }()
	require.Eventually(t, func() bool {
		entries, _ := os.ReadDir(dir)
		return len(entries) == n
	}, 30*time.Second, 10*time.Millisecond)
	// Every hook's leader runs (it created its file and loops).
	during, err := testproc.Threads()
	require.NoError(t, err)
	t.Logf("%d threads while %d hooks run", during, n)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go"), nil, 0o644))
	results := <-done
	for i, res := range results {
		assert.Equal(t, Exited, res.Status, "hook %d: %v", i, res.Err)
		assert.Equal(t, 0, res.ExitCode, "hook %d", i)
	}
	assert.Less(t, during, n/2, "threads while %d hooks ran", n)
}

// On kernels before 5.10 pidfd_open refuses PIDFD_NONBLOCK (EINVAL): the
// pidfd is opened without it and made non-blocking, so waiting still
// holds no thread.
func TestOpenPidfdWithoutNonblockFlag(t *testing.T) {
	old := func(pid, flags int) (int, error) {
		if flags != 0 {
			return -1, unix.EINVAL
		}
		return unix.PidfdOpen(pid, 0)
	}
	fd, err := openPidfdWith(old, os.Getpid())
	require.NoError(t, err)
	defer func() { _ = unix.Close(fd) }()
	fl, err := unix.FcntlInt(uintptr(fd), unix.F_GETFL, 0)
	require.NoError(t, err)
	assert.NotZero(t, fl&unix.O_NONBLOCK, "the pidfd is non-blocking")

	_, err = openPidfdWith(func(int, int) (int, error) { return -1, unix.ENOSYS }, os.Getpid())
	assert.ErrorIs(t, err, unix.ENOSYS, "no pidfds: the caller falls back to Wait")
}
