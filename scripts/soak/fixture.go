package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/hookexec/hookexec/scripts/internal/machine"
)

// marker is in the command line of every process a hook leaves behind, so
// that a survivor can be found by name.
const marker = "0.0517"

// hooks are the five hooks of every fire: a guard that blocks `rm -rf`,
// one that reads its input and answers allow, one that prints plain
// text, one that leaves a short-lived background process (left alone,
// then reaped), and one that execs a reader.
var hooks = []string{
	`input=$(cat); case "$input" in *"rm -rf"*) echo "soak guard: rm -rf" >&2; exit 2;; esac`,
	`cat >/dev/null; echo '{"decision":"allow"}'`,
	`echo plain text is no decision`,
	`(sleep ` + marker + ` </dev/null >/dev/null 2>&1 &); exit 0`,
	`exec cat >/dev/null`,
}

// events alternate: even fires must be blocked, odd ones must pass.
var events = [2]string{
	`{"session_id":"soak","tool_name":"run_shell_command","tool_input":{"command":"rm -rf /"}}`,
	`{"session_id":"soak","tool_name":"run_shell_command","tool_input":{"command":"ls"}}`,
}

// fixture is the built binary, the config and an environment in which no
// other config is found.
type fixture struct {
	bin, config, dir string
	env              []string
}

func newFixture(root, dir string) (*fixture, error) {
	fx := &fixture{bin: filepath.Join(dir, "hookexec"), config: filepath.Join(dir, "soak.json"), dir: dir}
	build := exec.Command(machine.GoTool(), "build", "-trimpath", "-o", fx.bin, "./cmd/hookexec")
	build.Dir = root
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("building hookexec: %v\n%s", err, out)
	}
	var hs []map[string]any
	for _, h := range hooks {
		hs = append(hs, map[string]any{"type": "command", "command": h})
	}
	config, err := json.Marshal(map[string]any{"hooks": map[string]any{"BeforeTool": []any{map[string]any{"hooks": hs}}}})
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(fx.config, config, 0o644); err != nil {
		return nil, err
	}
	empty := filepath.Join(dir, "empty")
	if err := os.Mkdir(empty, 0o755); err != nil {
		return nil, err
	}
	fx.env = []string{
		"PATH=" + os.Getenv("PATH"), "HOME=" + empty,
		"XDG_CONFIG_HOME=" + empty, "XDG_DATA_HOME=" + empty, "HOOKEXEC_SYSTEM_DIR=" + empty,
	}
	return fx, nil
}

// verdict is what the soak checks of a fire's output.
type verdict struct {
	Blocked bool `json:"blocked"`
	Hooks   []struct {
		Outcome string `json:"outcome"`
	} `json:"hooks"`
}

// checkVerdict says what is wrong with the output of fire i, or "".
func checkVerdict(i, code int, stdout []byte) string {
	var v verdict
	if err := json.Unmarshal(stdout, &v); err != nil {
		return fmt.Sprintf("fire %d: verdict is not JSON: %v", i, err)
	}
	var outcomes []string
	for _, h := range v.Hooks {
		outcomes = append(outcomes, h.Outcome)
	}
	return checkReport(i, code, v.Blocked, outcomes)
}

// checkReport says what is wrong with the exit status, blocked flag and
// hook outcomes of fire i, or "".
func checkReport(i, code int, blocked bool, outcomes []string) string {
	wantBlock := i%2 == 0
	wantCode := map[bool]int{true: 2, false: 0}[wantBlock]
	if code != wantCode || blocked != wantBlock {
		return fmt.Sprintf("fire %d: exit %d, blocked %v; want exit %d, blocked %v", i, code, blocked, wantCode, wantBlock)
	}
	if len(outcomes) != len(hooks) {
		return fmt.Sprintf("fire %d: %d hooks reported, want %d", i, len(outcomes), len(hooks))
	}
	for j, o := range outcomes {
		want := "success"
		if j == 0 && wantBlock {
			want = "blocked"
		}
		if o != want {
			return fmt.Sprintf("fire %d: hook %d outcome %q, want %q", i, j, o, want)
		}
	}
	return ""
}

// fire runs the binary once for fire i.
func (fx *fixture) fire(i int) (code int, stdout []byte, err error) {
	cmd := exec.Command(fx.bin, "fire", "BeforeTool", "--config", fx.config)
	cmd.Dir = fx.dir
	cmd.Env = fx.env
	cmd.Stdin = strings.NewReader(events[i%2])
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err = cmd.Run()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), out.Bytes(), nil
	}
	return 0, out.Bytes(), err
}
