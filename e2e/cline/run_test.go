//go:build e2e && unix

package cline

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

// runResult is what one cline run left: its JSON event lines, exit status
// and stderr, what the model was sent and the project afterwards.
type runResult struct {
	mode     string
	project  string
	events   []map[string]any
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

// runTimeout bounds one cline run.
const runTimeout = 90 * time.Second

// toolCommand is what the scripted tool call runs: it leaves ran.txt
// behind, so a run shows whether the tool ran.
const toolCommand = "echo ran > ran.txt"

// runCline runs `cline --json PROMPT` once in a fresh project and home,
// the provider pointed at a fake model, with the scenario's policy as
// Cline's own hook ("direct") or behind hookexec ("through": the script
// hookexec install cline writes, `exec hookexec fire EVENT --format
// cline`, with the policy in a native config named by HOOKEXEC_CONFIG).
func runCline(t *testing.T, env e2eEnv, sc scenario, mode string) runResult {
	t.Helper()
	project, home := t.TempDir(), t.TempDir()
	tool := sc.tool
	if tool.Name == "" {
		tool = fakeopenai.Call("run_commands", map[string]any{"commands": []string{toolCommand}})
	}
	model := fakeopenai.Start(t, fakeopenai.Script{Tools: []fakeopenai.ToolCall{tool}, Final: "F-DONE"})
	writeJSONFile(t, filepath.Join(home, ".cline", "data", "settings", "providers.json"), map[string]any{
		"version": 1, "lastUsedProvider": "openai-compatible", "modes": map[string]any{},
		"providers": map[string]any{"openai-compatible": map[string]any{
			"settings":  map[string]any{"provider": "openai-compatible", "apiKey": "dummy", "model": "fake-model", "baseUrl": model.URL + "/v1"},
			"updatedAt": "2026-01-01T00:00:00.000Z", "tokenSource": "manual",
		}},
	})
	hooks := filepath.Join(project, ".clinerules", "hooks")
	require.NoError(t, os.MkdirAll(hooks, 0o755))
	config := filepath.Join(home, "policies.json")
	switch mode {
	case "direct":
		writeScript(t, filepath.Join(hooks, sc.event), sc.own)
	case "through":
		policy := filepath.Join(home, "policy.sh")
		writeScript(t, policy, sc.native)
		canonical := map[string]string{"PreToolUse": "BeforeTool", "PostToolUse": "AfterTool", "TaskStart": "SessionStart", "TaskComplete": "AfterAgent"}[sc.event]
		writeJSONFile(t, config, map[string]any{"hooks": map[string]any{canonical: []any{
			map[string]any{"hooks": []any{map[string]any{"type": "command", "command": "sh " + shellQuote(policy)}}},
		}}})
		writeScript(t, filepath.Join(hooks, sc.event), "exec "+shellQuote(env.bin)+" fire "+sc.event+" --format cline")
	default:
		t.Fatalf("unknown mode %q", mode)
	}

	marker := fmt.Sprintf("e2e-cline-%d-%d", os.Getpid(), runSeq.Add(1))
	run := harness.Run{Program: env.cline, Args: []string{"--json", "Leave a note in ran.txt."}, Dir: project,
		Marker: marker, Timeout: runTimeout, Env: []string{
			"PATH=" + os.Getenv("PATH"),
			"HOME=" + home,
			"LANG=C.UTF-8",
			"TERM=dumb",
			"TMPDIR=" + os.TempDir(),
			"NO_PROXY=127.0.0.1",
			"HOOKEXEC_CONFIG=" + config,
			"HOOKEXEC_E2E_RUN=" + marker,
		}}
	// cline leaves its hub daemon running; it carries the marker, so Do
	// kills it and reports it among the leftovers.
	r := run.Do()
	res := runResult{mode: mode, project: project, elapsed: r.Elapsed, rawOut: r.Stdout, stderr: r.Stderr,
		requests: model.Requests(), model: model, exit: r.Exit, err: r.Err, leftover: r.Leftover}
	res.events = harness.JSONLines(res.rawOut)
	return res
}

// dump writes the raw evidence of a run to dir: the events, stderr, every
// model request and what the fake answered.
func dump(t *testing.T, dir string, res runResult) {
	t.Helper()
	require.NoError(t, os.MkdirAll(dir, 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "events.jsonl"), res.rawOut, 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "stderr.txt"), res.stderr, 0o644))
	index, err := fakeopenai.WriteRequests(dir, res.requests)
	require.NoError(t, err)
	var idx strings.Builder
	idx.WriteString(index)
	fmt.Fprintf(&idx, "exit %d, elapsed %s, err %v, leftover processes %v\n", res.exit, res.elapsed.Round(time.Millisecond), res.err, res.leftover)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "index.txt"), []byte(idx.String()), 0o644))
}

func writeScript(t *testing.T, path, body string) {
	t.Helper()
	require.NoError(t, os.WriteFile(path, []byte("#!/bin/sh\n"+body+"\n"), 0o755))
}

func writeJSONFile(t *testing.T, path string, v any) {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	b, err := json.MarshalIndent(v, "", "  ")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(path, append(b, '\n'), 0o600))
}

func shellQuote(s string) string {
	if s != "" && strings.Trim(s, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789/._-+") == "" {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
