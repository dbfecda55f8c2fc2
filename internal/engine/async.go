package engine

import (
	"context"

	"github.com/hookexec/hookexec/internal/aggregator"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/planner"
	"github.com/hookexec/hookexec/internal/runner"
	"github.com/hookexec/hookexec/internal/verdict"
)

// Background starts the hooks the verdict does not wait for (Claude Code's
// async and asyncRewake, registry.Hook.Async): fire hands each to a
// detached supervisor, serve runs it in a goroutine of its own
// (internal/background). Start returns once the hook is handed over; the
// hook then runs to its end, bounded by spec.Timeout.
type Background interface {
	Start(name string, spec runner.Spec) error
}

// backgrounded is what startBackground leaves for the merge: the report of
// every step, in plan order, with the foreground steps' slots still empty.
type backgrounded struct {
	reports []verdict.HookReport
	// fg[i] is the plan index of the foreground plan's step i.
	fg []int
}

// startBackground starts the plan's async steps and returns the plan of
// the others. An async step gets the event's input as it came (sequential
// chaining is for answers, and its answer is never read); its report says
// outcome async, and it never counts as a decision or a failure, as in
// Claude Code, which ignores an async hook's decision fields and its
// onFailure. Without a Background, or when the hand-over fails, the hook
// does not run, and its report's error says so; once hookexec is
// interrupted it is cancelled.
func (e *Engine) startBackground(ctx context.Context, p planner.Plan, in *event.Input) (planner.Plan, *backgrounded) {
	if !hasAsync(p) {
		return p, nil
	}
	bg := &backgrounded{reports: make([]verdict.HookReport, len(p.Steps))}
	fg := p
	fg.Steps = nil
	sh := e.shared(in)
	for i, step := range p.Steps {
		if !step.Hook.Async {
			fg.Steps = append(fg.Steps, step)
			bg.fg = append(bg.fg, i)
			continue
		}
		r := aggregator.NotRun(meta(step), verdict.Async)
		switch {
		case ctx.Err() != nil:
			r.Outcome = verdict.Cancelled
		case e.Background == nil:
			r.Error = "not started: async hooks run only under fire and serve"
		default:
			if err := e.Background.Start(step.Hook.DisplayName(), sh.specFor(step, encode(in, step.Hook, p.Call))); err != nil {
				r.Error = "could not start in the background: " + err.Error()
			}
		}
		e.Log.Debug().Str("hook", r.Name).Str("error", r.Error).Msg("hook started in the background")
		bg.reports[i] = r
	}
	return fg, bg
}

// merge puts the foreground reports into their plan slots.
func (bg *backgrounded) merge(fg []verdict.HookReport) []verdict.HookReport {
	if bg == nil {
		return fg
	}
	for i, r := range fg {
		bg.reports[bg.fg[i]] = r
	}
	return bg.reports
}

func hasAsync(p planner.Plan) bool {
	for _, s := range p.Steps {
		if s.Hook.Async {
			return true
		}
	}
	return false
}
