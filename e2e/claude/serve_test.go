//go:build e2e

package claude

import (
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/e2e/harness"
)

// startServe starts hookexec serve --http on addr as the user whose HOME
// is home, waits until it answers its health route, and kills it (and
// anything it left) when the test ends.
func startServe(t *testing.T, env e2eEnv, home, addr string) {
	t.Helper()
	marker := fmt.Sprintf("e2e-claude-serve-%d-%d", os.Getpid(), runSeq.Add(1))
	cmd := exec.Command(env.bin, "serve", "--http", addr)
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "LANG=C.UTF-8", harness.MarkerVar + "=" + marker}
	cmd.Dir = home
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	log, err := os.Create(filepath.Join(t.TempDir(), "serve.log"))
	require.NoError(t, err)
	cmd.Stdout, cmd.Stderr = log, log
	require.NoError(t, cmd.Start())
	t.Cleanup(func() {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		_ = cmd.Wait()
		_ = log.Close()
		harness.KillMarked("/proc", marker)
	})
	require.NoError(t, waitHealth(addr, 10*time.Second), "hookexec serve --http %s", addr)
}

// waitHealth waits until GET /v1/health on addr answers 200.
func waitHealth(addr string, limit time.Duration) error {
	client := &http.Client{Timeout: time.Second}
	deadline := time.Now().Add(limit)
	for {
		resp, err := client.Get("http://" + addr + "/v1/health?nonce=00112233445566778899aabbccddeeff")
		if err == nil {
			_ = resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
			err = fmt.Errorf("health answered %s", resp.Status)
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("no answer within %s: %w", limit, err)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
