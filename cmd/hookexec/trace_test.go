package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

func TestBuildTrace(t *testing.T) {
	t.Parallel()
	start := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	zero, two := 0, 2
	v := verdict.Verdict{
		Event: "BeforeTool", Blocked: true, Decision: "deny", DurationMs: 12.5,
		Hooks: []verdict.HookReport{
			{Name: "a", Command: "./a.sh", Event: "PreToolUse", File: "h.json", Outcome: verdict.Success, ExitCode: &zero,
				Start: start.Add(2 * time.Millisecond), DurationMs: 3.25},
			{Name: "b", Command: "./b.sh", Event: "BeforeTool", File: "h.json", Outcome: verdict.Blocked, ExitCode: &two,
				Start: start.Add(2*time.Millisecond + 500*time.Nanosecond), DurationMs: 10},
			{Name: "c", Command: "./c.sh", Outcome: verdict.Skipped},
			{Name: "d", Command: "./d.sh", Outcome: verdict.Error, Signal: "SIGKILL", Error: "killed by SIGKILL",
				Start: start.Add(3 * time.Millisecond), DurationMs: 1},
		},
	}
	ev, err := event.Resolve("BeforeTool")
	require.NoError(t, err)

	doc := buildTrace(ev, start, start.Add(1500*time.Microsecond), v, 42)

	type span struct {
		name     string
		tid      int
		ts, dur  float64
		category string
	}
	var spans []span
	names := map[int]string{}
	for _, e := range doc.TraceEvents {
		assert.Equal(t, 42, e.Pid)
		switch e.Ph {
		case "X":
			require.NotNil(t, e.Dur, e.Name)
			spans = append(spans, span{e.Name, e.Tid, e.Ts, *e.Dur, e.Cat})
		case "M":
			assert.Nil(t, e.Dur)
			if e.Name == "thread_name" {
				names[e.Tid] = e.Args["name"].(string)
			}
		default:
			t.Fatalf("unexpected phase %q", e.Ph)
		}
	}
	assert.Equal(t, []span{
		{"fire BeforeTool", 0, 0, 12500, "fire"},
		{"load input and configs", 0, 0, 1500, "fire"},
		{"plan, run and merge", 0, 1500, 11000, "fire"},
		{"a", 1, 2000, 3250, "hook"},
		{"b", 2, 2000.5, 10000, "hook"},
		{"d", 4, 3000, 1000, "hook"},
	}, spans, "hooks that never started have no span")
	assert.Equal(t, map[int]string{0: "hookexec", 1: "hook 1: a", 2: "hook 2: b", 3: "hook 3: c", 4: "hook 4: d"}, names)

	hookArgs := doc.TraceEvents[6].Args
	assert.Equal(t, map[string]any{"name": "a", "command": "./a.sh", "event": "PreToolUse", "file": "h.json", "outcome": "success", "exitCode": &zero}, hookArgs)
	last := doc.TraceEvents[len(doc.TraceEvents)-1].Args
	assert.Equal(t, "SIGKILL", last["signal"])
	assert.Equal(t, "killed by SIGKILL", last["error"])
	assert.Equal(t, (*int)(nil), last["exitCode"], "null when there is no exit code")
}

func TestFireTraceShowsParallelHooksSideBySide(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	config := filepath.Join(dir, "hooks.json")
	require.NoError(t, os.WriteFile(config, []byte(`{"hooks": {"AfterAgent": [{"hooks": [
		{"type": "command", "name": "one", "command": "sleep 0.3"},
		{"type": "command", "name": "two", "command": "sleep 0.3; echo done"},
		{"type": "command", "name": "three", "command": "sleep 0.3; exit 1"}
	]}]}}`), 0o644))
	traceFile := filepath.Join(dir, "trace.json")

	code, stdout, stderr := runHookexec(t, "{}", "fire", "AfterAgent", "--config", config, "--trace", traceFile)
	require.Equal(t, 0, code, "stdout: %s\nstderr: %s", stdout, stderr)

	data, err := os.ReadFile(traceFile)
	require.NoError(t, err)
	var doc struct {
		TraceEvents []struct {
			Name string         `json:"name"`
			Ph   string         `json:"ph"`
			Ts   float64        `json:"ts"`
			Dur  float64        `json:"dur"`
			Pid  int            `json:"pid"`
			Tid  int            `json:"tid"`
			Args map[string]any `json:"args"`
		} `json:"traceEvents"`
	}
	require.NoError(t, json.Unmarshal(data, &doc))
	type hookSpan struct{ ts, end float64 }
	hooks := map[int]hookSpan{}
	var fireDur float64
	for _, e := range doc.TraceEvents {
		if e.Ph != "X" {
			continue
		}
		if e.Tid == 0 && e.Name == "fire AfterAgent" {
			fireDur = e.Dur
			continue
		}
		if e.Tid > 0 {
			hooks[e.Tid] = hookSpan{e.Ts, e.Ts + e.Dur}
			assert.GreaterOrEqual(t, e.Dur, 300_000.0, "%s slept 0.3 s", e.Name)
		}
	}
	require.Len(t, hooks, 3, "one track per hook")
	for i, a := range hooks {
		assert.GreaterOrEqual(t, a.ts, 0.0)
		assert.LessOrEqual(t, a.end, fireDur, "hook %d lies within the fire span", i)
		for j, b := range hooks {
			assert.Less(t, a.ts, b.end, "hook %d started before hook %d ended: they ran in parallel", i, j)
		}
	}
}
