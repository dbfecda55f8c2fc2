//go:build e2e

package claude

import (
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// guardReason is what the user's policy tells the model when it refuses
// rm -rf; servedLog is where it writes every event it gets (under HOME).
const (
	guardReason = "E2E-REASON-served: rm -rf is refused by the policy"
	servedLog   = "served.jsonl"
)

// writeGuard writes the user's policy into hookexec's user config under
// home: every PreToolUse of Bash is appended to HOME/served.jsonl, and a
// command with rm -rf is refused (exit 2) with guardReason.
func writeGuard(t *testing.T, home string) {
	t.Helper()
	dir := filepath.Join(home, ".config", "hookexec")
	require.NoError(t, os.MkdirAll(dir, 0o700))
	script := `input=$(cat); printf '%s\n' "$input" >>"$HOME/` + servedLog + `"; case "$input" in *'rm -rf'*) echo '` + guardReason + `' >&2; exit 2;; esac`
	writeJSONFile(t, filepath.Join(dir, "hooks.json"), map[string]any{"hooks": map[string]any{
		"PreToolUse": []any{map[string]any{"matcher": "Bash", "hooks": []any{map[string]any{"type": "command", "command": script}}}},
	}})
}

// hookexecAs runs hookexec with args in dir as the user whose HOME is home.
func hookexecAs(t *testing.T, env e2eEnv, home, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command(env.bin, args...)
	cmd.Dir = dir
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "LANG=C.UTF-8"}
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "hookexec %s:\n%s", strings.Join(args, " "), out)
	return string(out)
}

// serverPID is the pid the hookexec server on addr reports on its health
// route, or 0 when nothing answers there.
func serverPID(addr string) int {
	client := &http.Client{Timeout: 2 * time.Second}
	resp, err := client.Get("http://" + addr + "/v1/health?nonce=00112233445566778899aabbccddeeff")
	if err != nil {
		return 0
	}
	defer resp.Body.Close()
	var info struct {
		PID int `json:"pid"`
	}
	if resp.StatusCode != http.StatusOK || json.NewDecoder(resp.Body).Decode(&info) != nil {
		return 0
	}
	return info.PID
}

// killServer kills the server on addr (kill -9 of the pid it reports) and
// waits until nothing answers there; it reports the pid it killed.
func killServer(t *testing.T, addr string) int {
	t.Helper()
	pid := serverPID(addr)
	if pid <= 0 {
		return 0
	}
	_ = syscall.Kill(pid, syscall.SIGKILL)
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if serverPID(addr) == 0 {
			return pid
		}
	}
	t.Errorf("the server on %s (pid %d) still answers after kill -9", addr, pid)
	return pid
}

// toolResults are the texts of the tool results the model got, in order
// (the last main-loop request holds the whole conversation).
func toolResults(res runResult) []string {
	var out []string
	var last *apiRequest
	for i := range res.requests {
		if res.requests[i].Main {
			last = &res.requests[i]
		}
	}
	if last == nil {
		return nil
	}
	for _, m := range last.parsed.Messages {
		for _, b := range m.blocks() {
			if b.Type == "tool_result" {
				out = append(out, fmt.Sprintf("is_error=%v: %s", b.IsError, b.text()))
			}
		}
	}
	return out
}

// servedCommands are the commands the user's policy saw, in order.
func servedCommands(t *testing.T, home string) []string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(home, servedLog))
	if os.IsNotExist(err) {
		return nil
	}
	require.NoError(t, err)
	var out []string
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
		var ev struct {
			ToolInput struct {
				Command string `json:"command"`
			} `json:"tool_input"`
		}
		require.NoError(t, json.Unmarshal([]byte(line), &ev), "the policy's input: %s", line)
		out = append(out, ev.ToolInput.Command)
	}
	return out
}

// doctorCheck is what hookexec doctor, run as the user whose HOME is home
// in project, says of one check: its line and the fix under it, if any.
// Doctor's exit status is not looked at (other checks may fail).
func doctorCheck(t *testing.T, env e2eEnv, home, project, check string) string {
	t.Helper()
	cmd := exec.Command(env.bin, "doctor")
	cmd.Dir = project
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "LANG=C.UTF-8"}
	out, _ := cmd.CombinedOutput()
	var lines []string
	in := false
	for _, line := range strings.Split(string(out), "\n") {
		status, rest, _ := strings.Cut(line, " ")
		switch {
		case (status == "ok" || status == "FAIL" || status == "warn") && strings.HasPrefix(strings.TrimSpace(rest), check+":"):
			in = true
			lines = append(lines, line)
		case in && strings.HasPrefix(line, "     "):
			lines = append(lines, line)
		default:
			in = false
		}
	}
	require.NotEmpty(t, lines, "doctor has no %q check:\n%s", check, out)
	return strings.Join(lines, "\n")
}
