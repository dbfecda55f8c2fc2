package engine

import (
	"context"
	"strings"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/planner"
	"github.com/hookexec/hookexec/internal/registry"
	"github.com/hookexec/hookexec/internal/verdict"
)

// Fire is the whole of one event after loading: plan ev against reg for
// input in, run the plan and return the verdict with the registry's
// warnings. fire and test both go through here.
func (e *Engine) Fire(ctx context.Context, reg *registry.Registry, ev event.Event, in *event.Input, opts planner.Options) verdict.Verdict {
	if opts.ProjectDir == "" {
		opts.ProjectDir = e.ProjectDir
	}
	plan := planner.Build(reg, ev, in, opts)
	e.Log.Debug().Str("event", ev.Name).Int("steps", len(plan.Steps)).Bool("sequential", plan.Sequential).Str("projectDir", e.ProjectDir).Msg("plan built")
	for _, f := range reg.Files {
		e.Log.Debug().Str("file", f.Path).Str("source", f.Source.String()).Str("dialect", string(f.Dialect)).Bool("enabled", f.Enabled).Msg("config loaded")
	}
	run := *e // Fire may be called concurrently (serve): the copies are this call's
	run.copies = e.copiesFor(reg)
	v := run.Run(ctx, plan, in)
	v.Warnings = append(reg.WarningLines(), v.Quiet...)
	v.Untrusted = reg.Untrusted
	v.Pending, v.Held = reg.Pending, reg.Held
	v.Skipped = skipped(reg.Warnings)
	return e.guardsOff(reg, ev, in, opts, v)
}

// skipped renders the warnings about hooks that were left out
// (Diagnostic.Skips) as "file:line:col: message".
func skipped(warnings []registry.Diagnostic) []string {
	var out []string
	for _, d := range warnings {
		if d.Skips {
			out = append(out, d.Pos.String()+": "+d.Message)
		}
	}
	return out
}

// forEvent reports whether the hooks a warning is about could be ev's.
// The registry can tell when the warning names a "hooks" key: a key of the
// catalogue is ev's when it is one of ev's names; an unknown key is when
// it differs from one of ev's names only in case (keys are case-sensitive,
// so "pretooluse" is a typo of a guard for PreToolUse). An unknown key
// equal to ev's name is not: its hooks are kept and run when that event,
// unknown to hookexec, is fired by name (event.Unknown). A warning about
// a whole file (no key: a file skipped, a "hooks" that is not an object)
// could be about any event's hooks.
func forEvent(d registry.Diagnostic, ev event.Event) bool {
	if d.EventKey == "" {
		return true
	}
	if known, ok := agents.EventByKey(d.EventKey); ok {
		return known.Event.Name == ev.Name
	}
	if d.EventKey == ev.Name {
		return !ev.Unknown
	}
	if strings.EqualFold(ev.Name, d.EventKey) {
		return true // an unknown event's own key, in another case
	}
	for _, n := range agents.EventNames() {
		if n.Event.Name == ev.Name && strings.EqualFold(n.Key, d.EventKey) {
			return true
		}
	}
	return false
}
