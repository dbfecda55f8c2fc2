//go:build unix

package harness

import (
	"os"
	"os/exec"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func shRun(t *testing.T, script string, timeout time.Duration) Run {
	t.Helper()
	marker := "harness-run-" + strconv.Itoa(os.Getpid()) + "-" + t.Name()
	return Run{Program: "/bin/sh", Args: []string{"-c", script}, Dir: t.TempDir(),
		Env: []string{"PATH=" + os.Getenv("PATH"), MarkerVar + "=" + marker}, Marker: marker, Timeout: timeout}
}

func TestRunCaptures(t *testing.T) {
	t.Parallel()
	res := shRun(t, "echo out; echo err >&2; pwd >&2; exit 3", 30*time.Second).Do()
	assert.Equal(t, "out\n", string(res.Stdout))
	assert.Contains(t, string(res.Stderr), "err\n")
	assert.Equal(t, 3, res.Exit)
	var exit *exec.ExitError
	require.ErrorAs(t, res.Wait, &exit)
	require.NoError(t, res.Err, "a non-zero exit is not a failure of the run")
	assert.False(t, res.TimedOut)
	assert.Empty(t, res.Leftover)
	assert.Positive(t, res.Elapsed)
}

func TestRunTimeout(t *testing.T) {
	t.Parallel()
	start := time.Now()
	res := shRun(t, "sleep 30", 300*time.Millisecond).Do()
	assert.Less(t, time.Since(start), 10*time.Second)
	assert.True(t, res.TimedOut)
	require.EqualError(t, res.Err, "sh did not finish within 300ms")
	assert.Equal(t, -1, res.Exit)
}

func TestRunMissingProgram(t *testing.T) {
	t.Parallel()
	r := shRun(t, "", 30*time.Second)
	r.Program = "/nonexistent/agent"
	res := r.Do()
	require.Error(t, res.Err)
	assert.Equal(t, -1, res.Exit)
	assert.False(t, res.TimedOut)
}

// TestRunKillsLeftover: a child in a session of its own outlives the
// process group kill; the marker still finds it.
func TestRunKillsLeftover(t *testing.T) {
	t.Parallel()
	if _, err := exec.LookPath("setsid"); err != nil {
		t.Skip("no setsid here")
	}
	res := shRun(t, "setsid sleep 60 </dev/null >/dev/null 2>&1 & sleep 0.3", 30*time.Second).Do()
	require.NoError(t, res.Err)
	assert.Len(t, res.Leftover, 1, "the detached sleep")
}
