package engine

import (
	"fmt"
	"time"

	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

// The --trace file of fire: the Chrome trace-event format (the JSON object
// form, {"traceEvents": [...]}), which Perfetto (ui.perfetto.dev) and
// chrome://tracing open. Times are microseconds since fire started. Track 0
// holds the whole fire and its load phase; hook i of the plan is on track
// i+1, so hooks that ran in parallel appear side by side.

// TraceEvent is one trace event: "X" a complete event (a span), "M"
// metadata (track and process names).
type TraceEvent struct {
	Name string         `json:"name"`
	Cat  string         `json:"cat,omitempty"`
	Ph   string         `json:"ph"`
	Ts   float64        `json:"ts"`
	Dur  *float64       `json:"dur,omitempty"`
	Pid  int            `json:"pid"`
	Tid  int            `json:"tid"`
	Args map[string]any `json:"args,omitempty"`
}

// Trace is the document --trace writes.
type Trace struct {
	TraceEvents     []TraceEvent `json:"traceEvents"`
	DisplayTimeUnit string       `json:"displayTimeUnit"`
}

// NewTrace lays out one fire for process pid: start is when fire started, loaded when the
// input and configs were read; v.DurationMs gives the end.
func NewTrace(ev event.Event, start, loaded time.Time, v verdict.Verdict, pid int) Trace {
	micros := func(t time.Time) float64 { return float64(t.Sub(start).Nanoseconds()) / 1e3 }
	span := func(name, cat string, tid int, ts, dur float64, args map[string]any) TraceEvent {
		return TraceEvent{Name: name, Cat: cat, Ph: "X", Ts: ts, Dur: &dur, Pid: pid, Tid: tid, Args: args}
	}
	meta := func(name string, tid int, value string) TraceEvent {
		return TraceEvent{Name: name, Ph: "M", Pid: pid, Tid: tid, Args: map[string]any{"name": value}}
	}
	total := v.DurationMs * 1e3
	loadEnd := min(micros(loaded), total)
	events := []TraceEvent{
		meta("process_name", 0, "hookexec fire "+ev.Name),
		meta("thread_name", 0, "hookexec"),
		span("fire "+ev.Name, "fire", 0, 0, total, map[string]any{
			"event": ev.Name, "blocked": v.Blocked, "decision": v.Decision, "hooks": len(v.Hooks),
		}),
		span("load input and configs", "fire", 0, 0, loadEnd, nil),
		span("plan, run and merge", "fire", 0, loadEnd, total-loadEnd, nil),
	}
	for i, h := range v.Hooks {
		tid := i + 1
		events = append(events, meta("thread_name", tid, fmt.Sprintf("hook %d: %s", tid, h.Name)))
		if h.Start.IsZero() {
			continue // never started (skipped or cancelled): no span
		}
		args := map[string]any{
			"name": h.Name, "command": h.Command, "event": h.Event, "file": h.File,
			"outcome": string(h.Outcome), "exitCode": h.ExitCode,
		}
		if h.Signal != "" {
			args["signal"] = h.Signal
		}
		if h.Error != "" {
			args["error"] = h.Error
		}
		events = append(events, span(h.Name, "hook", tid, micros(h.Start), h.DurationMs*1e3, args))
	}
	return Trace{TraceEvents: events, DisplayTimeUnit: "ms"}
}
