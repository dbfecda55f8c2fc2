//go:build unix

package harness

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestZombie(t *testing.T) {
	t.Parallel()
	assert.True(t, zombie([]byte("12 (sh) Z 1 12")))
	assert.True(t, zombie([]byte("12 (a) (b) Z 1 12")), "the last parenthesis ends the name")
	assert.False(t, zombie([]byte("12 (sh) S 1 12")))
	assert.False(t, zombie([]byte("12 (Z) S 1 12")), "a Z in the name is not the state")
	assert.False(t, zombie([]byte("12 (sh)")))
	assert.False(t, zombie(nil))
}

// TestKillMarkedFakeProc reads a made-up proc tree: only the live process
// carrying exactly the marker is reported (the pids are far beyond any real
// pid, so the kill reaches nobody).
func TestKillMarkedFakeProc(t *testing.T) {
	t.Parallel()
	proc := t.TempDir()
	write := func(pid, environ, stat string) {
		dir := filepath.Join(proc, pid)
		require.NoError(t, os.MkdirAll(dir, 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "environ"), []byte(environ), 0o644))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "stat"), []byte(stat), 0o644))
	}
	write("999999001", "A=1\x00HOOKEXEC_E2E_RUN=m1\x00B=2\x00", "999999001 (node) S 1")
	write("999999002", "HOOKEXEC_E2E_RUN=m1", "999999002 (sh) S 1") // last variable, no trailing NUL
	write("999999003", "HOOKEXEC_E2E_RUN=m1\x00", "999999003 (sh) Z 1")
	write("999999004", "HOOKEXEC_E2E_RUN=m10\x00", "999999004 (sh) S 1")
	write("999999005", "X_HOOKEXEC_E2E_RUN=m1x\x00", "999999005 (sh) S 1")
	write("self", "HOOKEXEC_E2E_RUN=m1\x00", "1 (self) S 1")
	assert.Equal(t, []int{999999001, 999999002}, KillMarked(proc, "m1"))
	assert.Empty(t, KillMarked(proc, "other"))
	assert.Empty(t, KillMarked(filepath.Join(proc, "missing"), "m1"))
}

// TestKillMarkedReal starts a real marked process and sees it killed.
func TestKillMarkedReal(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat("/proc/self/environ"); err != nil {
		t.Skip("no /proc here")
	}
	marker := "harness-test-" + strconv.Itoa(os.Getpid())
	cmd := exec.Command("sleep", "60")
	cmd.Env = append(os.Environ(), MarkerVar+"="+marker)
	require.NoError(t, cmd.Start())
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	// Until the child has exec'd, /proc shows the parent's environment
	// (without the marker): wait for sleep's own.
	environ := "/proc/" + strconv.Itoa(cmd.Process.Pid) + "/environ"
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		if b, err := os.ReadFile(environ); err == nil && strings.Contains(string(b), MarkerVar+"="+marker) {
			break
		}
		require.False(t, time.Now().After(deadline), "sleep never showed the marker in %s", environ)
	}
	assert.Equal(t, []int{cmd.Process.Pid}, KillMarked("/proc", marker))
	select {
	case err := <-done:
		require.Error(t, err, "sleep was killed, not finished")
	case <-time.After(10 * time.Second):
		_ = cmd.Process.Kill()
		t.Fatal("the marked process still runs")
	}
	assert.Empty(t, KillMarked("/proc", marker), "a reaped process is gone")
}
