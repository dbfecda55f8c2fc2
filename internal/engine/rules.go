package engine

import (
	"time"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/aggregator"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/planner"
	"github.com/hookexec/hookexec/internal/verdict"
)

// evalRules is the report of a rules hook: its set evaluated against the
// event's tool call as the normalized view reads it, in this process (no
// runner). On an event without a tool it decides nothing.
func (e *Engine) evalRules(p planner.Plan, step planner.Step, in *event.Input, call *agents.Call) verdict.HookReport {
	start := time.Now()
	res := p.RulesResult(step, in, call)
	r := aggregator.Evaluated(meta(step), res.Decision, res.Reason)
	r.Start, r.DurationMs = start, millis(time.Since(start))
	e.logReport(r)
	return r
}
