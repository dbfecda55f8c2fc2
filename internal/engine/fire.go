package engine

import (
	"context"
	"strings"

	"github.com/hookexec/hookexec/internal/aggregator"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/planner"
	"github.com/hookexec/hookexec/internal/registry"
)

// Fire is the whole of one event after loading: plan ev against reg for
// input in, run the plan and return the verdict with the registry's
// warnings. fire and test both go through here.
func (e *Engine) Fire(ctx context.Context, reg *registry.Registry, ev event.Event, in *event.Input, opts planner.Options) aggregator.Verdict {
	value, has := ev.MatchValue(in)
	plan := planner.Build(reg, ev, value, has, opts)
	e.Log.Debug().Str("event", ev.Name).Int("steps", len(plan.Steps)).Bool("sequential", plan.Sequential).Str("projectDir", e.ProjectDir).Msg("plan built")
	for _, f := range reg.Files {
		e.Log.Debug().Str("file", f.Path).Str("source", f.Source.String()).Str("dialect", string(f.Dialect)).Bool("enabled", f.Enabled).Msg("config loaded")
	}
	v := e.Run(ctx, plan, in)
	v.Warnings = Warnings(reg)
	v.Untrusted = reg.Untrusted
	return e.refuseUnsafeProject(reg, ev, v, opts.FailClosed)
}

// refuseUnsafeProject applies SPEC §2.4 to the verdict: with --untrusted
// deny, untrusted project files deny every event that can block; with
// --fail-closed, so does a project file that could not be read or parsed.
func (e *Engine) refuseUnsafeProject(reg *registry.Registry, ev event.Event, v aggregator.Verdict, failClosed bool) aggregator.Verdict {
	if failClosed && len(reg.Broken) > 0 {
		v = aggregator.Deny(ev, v, "project hook files could not be read or parsed (--fail-closed): "+strings.Join(reg.Broken, ", "))
	}
	if e.UntrustedDeny && len(reg.Untrusted) > 0 {
		v = aggregator.Deny(ev, v, "project hook files are not trusted (--untrusted deny): "+strings.Join(reg.Untrusted, ", ")+"; review them and run 'hookexec trust'")
	}
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
