package engine

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

func TestNewTrace(t *testing.T) {
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

	doc := NewTrace(ev, start, start.Add(1500*time.Microsecond), v, 42)

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
