//go:build e2e && unix

package qwen

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/e2e/fakeopenai"
	"github.com/hookexec/hookexec/e2e/harness"
)

// runResult is what one qwen run left: its stream-json events, its exit
// status and stderr, what the model was sent and the project afterwards.
type runResult struct {
	mode     string
	project  string
	home     string
	stream   []map[string]any
	rawOut   []byte
	stderr   []byte
	exit     int
	requests []fakeopenai.Request
	model    *fakeopenai.Server
	elapsed  time.Duration
	err      error
	leftover []int
}

var runSeq atomic.Int64

// runTimeout bounds one qwen run.
const runTimeout = 90 * time.Second

// toolCommand is what the scripted tool call runs: it leaves ran.txt
// behind, so a run shows whether the tool ran.
const toolCommand = "echo ran > ran.txt"

// runQwen runs qwen -p once in a fresh project with the policies set up
// for mode: "direct" (Qwen's own hooks in .qwen/settings.json),
// "through" (the policies in .qwen/hooks.json, read in the qwen dialect,
// and settings.json holding only hookexec's entries) or "installed"
// (hookexec init and install qwen, as a new user does).
func runQwen(t *testing.T, env e2eEnv, sc scenario, mode string) runResult {
	t.Helper()
	project := t.TempDir()
	home := t.TempDir()
	dir := filepath.Join(project, ".qwen", "policies")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	for _, p := range sc.policies {
		require.NoError(t, os.WriteFile(filepath.Join(dir, p.name+".sh"), []byte(policyScript(p)), 0o755))
	}
	hooks := map[string]any{"hooks": hooksObject(sc.policies)}
	switch mode {
	case "direct":
		writeJSONFile(t, filepath.Join(project, ".qwen", "settings.json"), hooks)
	case "through":
		writeJSONFile(t, filepath.Join(project, ".qwen", "hooks.json"), hooks)
		writeJSONFile(t, filepath.Join(project, ".qwen", "settings.json"), throughSettings(env.bin, sc.policies))
	case "installed":
		setUp(t, env, project, home)
	default:
		t.Fatalf("unknown mode %q", mode)
	}

	tool := sc.tool
	if tool.Name == "" {
		tool = fakeopenai.Call("run_shell_command", map[string]any{"command": toolCommand})
	}
	model := fakeopenai.Start(t, fakeopenai.Script{Tools: []fakeopenai.ToolCall{tool}, Final: "F-DONE"})
	marker := fmt.Sprintf("e2e-qwen-%d-%d", os.Getpid(), runSeq.Add(1))
	prompt := sc.prompt
	if prompt == "" {
		prompt = "Leave a note in ran.txt."
	}
	args := []string{"-p", prompt, "--output-format", "stream-json"}
	if !sc.noYolo {
		args = append(args, "--yolo")
	}
	run := harness.Run{Program: env.qwen, Args: args, Dir: project, Marker: marker, Timeout: runTimeout, Env: []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + home,
		"LANG=C.UTF-8",
		"TERM=dumb",
		"TMPDIR=" + os.TempDir(),
		"OPENAI_BASE_URL=" + model.URL + "/v1",
		"OPENAI_API_KEY=dummy",
		"OPENAI_MODEL=fake-model",
		"QWEN_CODE_SUPPRESS_YOLO_WARNING=1",
		"NO_PROXY=127.0.0.1",
		"HOOKEXEC_E2E_RUN=" + marker,
	}}
	r := run.Do()
	res := runResult{mode: mode, project: project, home: home, elapsed: r.Elapsed, rawOut: r.Stdout, stderr: r.Stderr,
		requests: model.Requests(), model: model, exit: r.Exit, err: r.Err, leftover: r.Leftover}
	res.stream = harness.JSONLines(res.rawOut)
	return res
}

// dump writes the raw evidence of a run to dir: the stream, stderr, every
// model request and what the fake answered, the policies' inputs.
func dump(t *testing.T, dir string, res runResult) {
	t.Helper()
	require.NoError(t, os.MkdirAll(dir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "stream.jsonl"), res.rawOut, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "stderr.txt"), res.stderr, 0o644))
	index, err := fakeopenai.WriteRequests(dir, res.requests)
	require.NoError(t, err)
	var idx strings.Builder
	idx.WriteString(index)
	inputs, _ := filepath.Glob(filepath.Join(res.project, ranDir, "*"))
	for _, in := range inputs {
		b, err := os.ReadFile(in)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, "policy-input-"+filepath.Base(in)), b, 0o644))
	}
	fmt.Fprintf(&idx, "exit %d, elapsed %s, err %v, leftover processes %v\n", res.exit, res.elapsed.Round(time.Millisecond), res.err, res.leftover)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "index.txt"), []byte(idx.String()), 0o644))
}

func writeJSONFile(t *testing.T, path string, v any) {
	t.Helper()
	b, err := json.MarshalIndent(v, "", "  ")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(path, append(b, '\n'), 0o644))
}

func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
