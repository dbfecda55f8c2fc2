package engine

import (
	"context"
	"strings"
	"time"

	"github.com/rs/zerolog"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/aggregator"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/planner"
	"github.com/hookexec/hookexec/internal/registry"
	"github.com/hookexec/hookexec/internal/runner"
	"github.com/hookexec/hookexec/internal/trust"
	"github.com/hookexec/hookexec/internal/verdict"
)

// Engine runs plans. Its fields are set by the caller; it holds no other
// state.
type Engine struct {
	Runner     *runner.Runner
	ProjectDir string
	// Environ is the parent environment ("NAME=value").
	Environ []string
	// Depth is the inherited HOOKEXEC_DEPTH.
	Depth int
	// Untrusted is --untrusted: UntrustedSkip lets project files that
	// are not trusted, or changed since, through without denying the
	// events that can block (SPEC §2.5; guardsOff); UntrustedDeny denies;
	// "" is the user's settings.untrusted, else deny. Broken files deny
	// all the same.
	Untrusted string
	// Background starts the async hooks (async.go); nil: they are reported
	// and not run.
	Background Background
	Log        zerolog.Logger

	// copies is set by Fire on its own copy of the engine from the
	// registry's trust decision (spec_copies.go).
	copies *trust.Copies
	// programs is set by Do on its copy of the engine: the shells the
	// planner found (programs.go).
	programs programs
}

// The values of Engine.Untrusted.
const (
	UntrustedDeny = "deny"
	UntrustedSkip = "skip"
)

// untrustedSkip reports whether the trust denies are let through for reg:
// --untrusted skip, or no --untrusted and the user's settings say skip.
func (e *Engine) untrustedSkip(reg *registry.Registry) bool {
	if e.Untrusted != "" {
		return e.Untrusted == UntrustedSkip
	}
	return reg.Settings.Untrusted == UntrustedSkip
}

// Run executes the plan with input in and returns the merged verdict.
// Cancelling ctx terminates running hooks and reports the rest cancelled.
// The hooks of the plan share one output budget (--max-total-output),
// which also bounds what the verdict writes of their output.
func (e *Engine) Run(ctx context.Context, p planner.Plan, in *event.Input) verdict.Verdict {
	start := time.Now()
	p, bg := e.startBackground(ctx, p, in)
	budget := e.Runner.NewBudget(len(p.Steps))
	var reports []verdict.HookReport
	if p.Sequential {
		reports = e.runSequential(ctx, p, in, budget)
	} else {
		reports = e.runParallel(ctx, p, in, budget)
	}
	reports, notes := aggregator.GuardRewrites(bg.merge(reports), p.Sequential)
	v := aggregator.Merge(p.Event, reports)
	if len(notes) > 0 {
		if v.SystemMessage != "" {
			notes = append(notes, v.SystemMessage)
		}
		v.SystemMessage = strings.Join(notes, "\n")
	}
	v = verdict.Bound(v, budget.Total())
	v.DurationMs = millis(time.Since(start))
	return v
}

func (e *Engine) runParallel(ctx context.Context, p planner.Plan, in *event.Input, budget *runner.Budget) []verdict.HookReport {
	reports := make([]verdict.HookReport, len(p.Steps))
	// Rules hooks are evaluated here; only the other hooks reach the
	// runner, and a plan of rules only starts nothing.
	var run []int
	for i, step := range p.Steps {
		if step.Hook.Rules != nil {
			reports[i] = e.evalRules(p, step, in, p.Call)
			continue
		}
		run = append(run, i)
	}
	if len(run) == 0 {
		return reports
	}
	all := e.prepare(p, in)
	specs := make([]runner.Spec, len(run))
	for j, i := range run {
		specs[j] = all[i]
		specs[j].Budget = budget
		e.logStart(p.Steps[i])
	}
	var results []runner.Result
	if len(specs) == 1 {
		// One hook (the common guard): run in this goroutine, as RunAll
		// would in one of its own, without the hop to it and back.
		results = []runner.Result{e.Runner.Run(ctx, specs[0])}
	} else {
		results = e.Runner.RunAll(ctx, specs)
	}
	for j, i := range run {
		reports[i] = aggregator.Interpret(p.Event, meta(p.Steps[i]), results[j])
		e.logReport(reports[i])
	}
	return reports
}

// prepare builds the process specs of a parallel run. Every hook gets the
// same input; it is serialized once per event key (hook_event_name differs)
// and the bytes are shared by the specs of that key.
func (e *Engine) prepare(p planner.Plan, in *event.Input) []runner.Spec {
	if len(p.Steps) == 0 {
		// Nothing to start: no environment to build for it.
		return nil
	}
	sh := e.shared(in)
	type form struct {
		key    string
		native bool
	}
	stdin := map[form][]byte{}
	specs := make([]runner.Spec, len(p.Steps))
	for i, step := range p.Steps {
		if step.Hook.Rules != nil {
			continue // evaluated in this process (evalRules)
		}
		f := form{step.Hook.EventKey, step.Hook.Dialect == registry.Native}
		if _, ok := stdin[f]; !ok {
			stdin[f] = encode(in, step.Hook, p.Call)
		}
		specs[i] = sh.specFor(step, stdin[f])
	}
	return specs
}

// encode is the input hook h gets on stdin: the event under h's key; for a
// native hook with the normalized view at agent.ViewKey (replacing any
// such key of the agent's payload), an agent dialect's hook gets the
// agent's payload as it was.
func encode(in *event.Input, h *registry.Hook, call *agents.Call) []byte {
	if h.Dialect != registry.Native || call == nil {
		return in.Encode(h.EventKey)
	}
	// The view is written into the input itself: a large write's content
	// is copied once more, not twice (the view no larger than the event).
	return in.EncodeAppend(h.EventKey, agent.ViewKey, in.Size()+512, call.View().AppendJSON)
}

func (e *Engine) runSequential(ctx context.Context, p planner.Plan, in *event.Input, budget *runner.Budget) []verdict.HookReport {
	reports := make([]verdict.HookReport, len(p.Steps))
	sh := e.shared(in)
	cur, call := in, p.Call
	stopped := false
	for i, step := range p.Steps {
		m := meta(step)
		switch {
		case stopped:
			reports[i] = aggregator.NotRun(m, verdict.Skipped)
			continue
		case ctx.Err() != nil:
			reports[i] = aggregator.NotRun(m, verdict.Cancelled)
			continue
		}
		if step.Hook.Rules != nil {
			reports[i] = e.evalRules(p, step, cur, call)
		} else {
			spec := sh.specFor(step, encode(cur, step.Hook, call))
			spec.Budget = budget
			e.logStart(step)
			reports[i] = aggregator.Interpret(p.Event, m, e.Runner.Run(ctx, spec))
			e.logReport(reports[i])
		}
		out := reports[i].Output
		if p.Event.CanBlock && out.Blocks() {
			stopped = true
			continue
		}
		if reports[i].Outcome == verdict.Success && out != nil && out.HookSpecificOutput != nil && p.Event.Chain != event.ChainNone {
			if cur == in {
				cur = in.Clone()
			}
			cur.Apply(p.Event.Chain, out.HookSpecificOutput)
			if call != nil {
				call = call.WithInput(cur) // the view of the chained input
			}
		}
	}
	return reports
}

// logStart logs a hook about to start with its argv as configured, never as
// run: the exec form's ${NAME} placeholders are substituted from the
// environment, which may hold secrets (`Bearer ${GITHUB_TOKEN}`), and logs
// must not show them.
func (e *Engine) logStart(step planner.Step) {
	ev := e.Log.Debug()
	if !ev.Enabled() {
		return
	}
	h := step.Hook
	if h.HTTP != nil {
		// The URL only: header values may hold secrets once expanded.
		ev.Str("hook", h.DisplayName()).Str("url", h.HTTP.URL).Msg("posting to http hook")
		return
	}
	argv := registry.ShellArgv(step.Shell, h.Command) // hookexec expands nothing in the shell form
	if h.ExecForm {
		argv = append([]string{h.Command}, h.Args...)
	}
	ev.Str("hook", h.DisplayName()).Strs("argv", argv).Msg("starting hook")
}

func (e *Engine) logReport(r verdict.HookReport) {
	e.Log.Debug().Str("hook", r.Name).Str("outcome", string(r.Outcome)).Float64("durationMs", r.DurationMs).Str("error", r.Error).Msg("hook finished")
	for _, w := range r.Warnings {
		e.Log.Warn().Str("hook", r.Name).Msg(w)
	}
}

func meta(step planner.Step) aggregator.Meta {
	h := step.Hook
	return aggregator.Meta{
		Name:       h.DisplayName(),
		Command:    h.Target(),
		Source:     h.Source.String(),
		File:       h.File,
		Pos:        h.Pos.String(),
		EventKey:   h.EventKey,
		Dialect:    string(h.Dialect),
		FailClosed: step.FailClosed,
		// Neither the hook nor its file asked: only --fail-closed.
		FailClosedByFlag: step.FailClosed && !h.FailClosed,
		HTTP:             h.HTTP != nil,
		Project:          h.FromProject,
		Line:             h.Pos.Line,
		Matcher:          matcherText(h.Matcher),
		If:               h.If,
	}
}

// matcherText is the matcher as written ("" for none).
func matcherText(m registry.Matcher) string {
	if m == nil {
		return ""
	}
	return m.String()
}

func millis(d time.Duration) float64 {
	return float64(d.Microseconds()) / 1000
}
