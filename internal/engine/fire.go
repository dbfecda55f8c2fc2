package engine

import (
	"context"

	"github.com/hookexec/hookexec/internal/aggregator"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/planner"
	"github.com/hookexec/hookexec/internal/registry"
)

// Fire is the whole of one event after loading: plan ev against reg for
// input in, run the plan and return the verdict with the registry's
// warnings. fire and test both go through here.
func (e *Engine) Fire(ctx context.Context, reg *registry.Registry, ev event.Event, in *event.Input, opts planner.Options) aggregator.Verdict {
	value, has := "", false
	if ev.MatchField != "" {
		value, has = in.String(ev.MatchField)
	}
	plan := planner.Build(reg, ev, value, has, opts)
	e.Log.Debug().Str("event", ev.Name).Int("steps", len(plan.Steps)).Bool("sequential", plan.Sequential).Str("projectDir", e.ProjectDir).Msg("plan built")
	for _, f := range reg.Files {
		e.Log.Debug().Str("file", f.Path).Str("source", f.Source.String()).Str("dialect", string(f.Dialect)).Bool("enabled", f.Enabled).Msg("config loaded")
	}
	v := e.Run(ctx, plan, in)
	v.Warnings = Warnings(reg)
	return v
}

// Warnings renders the registry's skipped entries for the verdict:
// "file:line:col: message".
func Warnings(reg *registry.Registry) []string {
	var out []string
	for _, d := range reg.Warnings {
		out = append(out, d.Pos.String()+": "+d.Message)
	}
	return out
}
