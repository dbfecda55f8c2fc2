package engine

import (
	"time"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/aggregator"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/planner"
	"github.com/hookexec/hookexec/internal/registry"
	"github.com/hookexec/hookexec/internal/rules"
	"github.com/hookexec/hookexec/internal/verdict"
)

// evalRules is the report of a rules hook: its set evaluated against the
// event's tool call as the normalized view reads it, in this process (no
// runner). On an event without a tool it decides nothing.
func (e *Engine) evalRules(p planner.Plan, step planner.Step, in *event.Input, call *agents.Call) verdict.HookReport {
	start := time.Now()
	var res rules.Result
	if p.Event.MatchField == registry.ToolField && call != nil {
		var input map[string]any
		if in != nil {
			input = in.Object("tool_input")
		}
		res = step.Hook.Rules.Evaluate(rules.Calls(call.View(), input, p.Places))
	}
	r := aggregator.Evaluated(meta(step), res.Decision, res.Reason)
	r.Start, r.DurationMs = start, millis(time.Since(start))
	e.logReport(r)
	return r
}
