//go:build unix

package runner

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestStartDetachedIsNoHooksOrphan: a process of StartDetached, started
// while a hook runs, in a session of its own and so looking like an orphan
// the hook left, survives that hook's timeout, and gets its input.
func TestStartDetachedIsNoHooksOrphan(t *testing.T) {
	t.Parallel()
	marker := fmt.Sprintf("600.%06d", rand.IntN(1_000_000))
	killOnCleanup(t, "sleep "+marker)
	dir := tempDir(t)
	ready := readyFile(t)
	r := New(Options{KillGrace: NoKillGrace})
	done := make(chan Result, 1)
	go func() {
		done <- r.Run(context.Background(), withTimeout(bash("touch "+ready+"; sleep 30"), time.Second))
	}()
	waitForFile(t, ready)

	sh, err := exec.LookPath("sh")
	require.NoError(t, err)
	require.NoError(t, StartDetached(sh, []string{"sh", "-c", "cat > " + dir + "/in; exec sleep " + marker}, []byte("job\n")))
	waitForFile(t, dir+"/in")
	res := <-done
	require.Equal(t, TimedOut, res.Status)

	assert.Len(t, pgrepFull(t, "sleep "+marker), 1, "the detached process is not the hook's")
	data, err := os.ReadFile(dir + "/in")
	require.NoError(t, err)
	assert.Equal(t, "job\n", string(data))
}

// TestStartDetachedGivesUp: a process that neither reads its input nor
// exits does not hold the caller.
func TestStartDetachedGivesUp(t *testing.T) {
	t.Parallel()
	marker := fmt.Sprintf("600.%06d", rand.IntN(1_000_000))
	killOnCleanup(t, "sleep "+marker)
	sleep, err := exec.LookPath("sleep")
	require.NoError(t, err)
	start := time.Now()
	err = startDetached(sleep, []string{"sleep", marker}, make([]byte, 4*mib), detachAttrs()[0], DetachOptions{}, 200*time.Millisecond)
	require.Error(t, err)
	assert.ErrorIs(t, err, os.ErrDeadlineExceeded)
	assert.Less(t, time.Since(start), 10*time.Second)
}

func withTimeout(s Spec, d time.Duration) Spec {
	s.Timeout = d
	return s
}

// TestStartDetachedWith: the process runs in Dir with Env, and its stdout
// and stderr go to Output.
func TestStartDetachedWith(t *testing.T) {
	t.Parallel()
	dir := tempDir(t)
	out, err := os.Create(dir + "/out.log")
	require.NoError(t, err)
	defer func() { _ = out.Close() }()
	sh, err := exec.LookPath("sh")
	require.NoError(t, err)
	script := `echo "dir=$(pwd) v=${V-unset} other=${OTHER-unset}"; echo err >&2; touch ` + dir + `/done`
	require.NoError(t, StartDetachedWith(sh, []string{"sh", "-c", script}, nil, DetachOptions{Dir: dir, Env: []string{"V=1", "PATH=" + os.Getenv("PATH")}, Output: out}))
	waitForFile(t, dir+"/done")
	data, err := os.ReadFile(dir + "/out.log")
	require.NoError(t, err)
	assert.Equal(t, "dir="+dir+" v=1 other=unset\nerr\n", string(data))
}
