//go:build e2e

package claude

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/e2e/harness"
)

// serveHook is the http hook entry for event that install claude --http
// writes (issue 21): the server's route for Claude's format and the event,
// the token and the project directory in headers from the variables the
// entry allows, onFailure block.
func serveHook(addr, event string) map[string]any {
	h := tokenHook("http://" + addr + "/v1/claude/" + event)
	h["timeout"] = hookexecTimeout
	h["headers"].(map[string]any)["Hookexec-Project-Dir"] = "$CLAUDE_PROJECT_DIR"
	h["allowedEnvVars"] = []any{serveTokenVar, "CLAUDE_PROJECT_DIR"}
	return h
}

// userToken is the serve token of the user whose HOME is home, created as
// hookexec creates it (32 random bytes, hex, mode 0600) when missing.
func userToken(t *testing.T, home string) string {
	t.Helper()
	path := filepath.Join(home, ".config", "hookexec", "serve-token")
	b, err := os.ReadFile(path)
	if err == nil {
		return strings.TrimSpace(string(b))
	}
	require.True(t, errors.Is(err, fs.ErrNotExist), "read %s: %v", path, err)
	raw := make([]byte, 32)
	_, err = rand.Read(raw)
	require.NoError(t, err)
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o700))
	tok := hex.EncodeToString(raw)
	require.NoError(t, os.WriteFile(path, []byte(tok+"\n"), 0o600))
	return tok
}

// startServe starts hookexec serve --http on a free loopback port as the
// user whose HOME is home, waits until it answers its health route, and
// kills it (and anything it left) when the test ends. It returns the
// address and the user's token.
func startServe(t *testing.T, env e2eEnv, home string) (addr, token string) {
	t.Helper()
	token = userToken(t, home)
	addr = closedAddr(t)
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
	return addr, token
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
