package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

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
