package engine

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/planner"
	"github.com/hookexec/hookexec/internal/registry"
	"github.com/hookexec/hookexec/internal/runner"
	"github.com/hookexec/hookexec/internal/verdict"
)

// Request is one event to fire: where its input and configs come from and
// how its hooks run. fire builds one per run, test one per case, serve one
// per request; all three hand it to Engine.Do.
type Request struct {
	Event event.Event
	// Name is the name the event was fired under, any agent's
	// (agents.ResolveEvent); zero: Event's canonical name. With the
	// agent detected from Format, the input and the environment
	// (agents.DetectAgent), it makes the normalized view native hooks get.
	Name agents.EventName
	// Input reads the event input. It is called first: an input error
	// means no config is read.
	Input func() (*event.Input, error)
	// Format is the answer's format: a config or input error is answered
	// in it (verdict.ErrorAnswer).
	Format verdict.Format

	// ProjectDir is --project-dir ("": resolved from Getenv and the
	// input's cwd, dirs.ProjectRoot).
	ProjectDir string
	// Configs, Dialect and Inline are registry.Options' (--config,
	// --dialect, a test case's inline config).
	Configs []string
	Dialect registry.Dialect
	Inline  *registry.Inline
	// Getenv is the environment the project directory and the configs are
	// found with; Environ the one hooks start from ("NAME=value").
	Getenv  func(string) string
	Environ []string
	// CwdOnly finds the project from the input's cwd alone, not from this
	// process's working directory, which is not the agent's (serve --http:
	// one server for every session; dirs.EventProjectRoot).
	CwdOnly bool
	// Cache, when set, keeps the registry between requests (serve); nil
	// loads it afresh.
	Cache *Cache
	// Abandon stops waiting for the input and configs when ctx is
	// cancelled (fire: stdin may never be closed); the result is then
	// Interrupted and no hook runs.
	Abandon bool

	// Timeout, Sequential and FailClosed are --timeout, --sequential and
	// --fail-closed.
	Timeout    time.Duration
	Sequential bool
	FailClosed bool
	// Warnings go first in the verdict's warnings (the flags', an unknown
	// event's) and are logged.
	Warnings []string
}

// Result is what came of a Request.
type Result struct {
	// Verdict is the merged verdict; for an error, the answer to it when
	// Answered.
	Verdict verdict.Verdict
	// Input is the event input (nil when it was never read), ProjectDir
	// the project directory resolved and Registry the configs loaded.
	Input      *event.Input
	ProjectDir string
	Registry   *registry.Registry
	// Start is when Do began; Loaded when the input and configs were read.
	Start, Loaded time.Time
	// Err is a config or input error: no hook ran. InputErr tells an
	// input error (nothing loaded) from a config one. Answered says
	// Verdict holds the answer to Err (an agent format, or the
	// --fail-closed deny on an event that can block).
	Err      error
	InputErr bool
	Answered bool
	// Refused is a usage error, nothing run and nothing answered: the
	// hooks nest too deep (HOOKEXEC_DEPTH).
	Refused error
	// Interrupted is set when ctx was cancelled while loading (Abandon):
	// Verdict is the empty one, no hook ran.
	Interrupted bool
	// Answer is the event the answer is written for when it is not the
	// request's: an unknown event with no hook answers as the event its
	// input names (unknownEvent). Use AnswerFor.
	Answer event.Event
}

// AnswerFor is the event the answer to a request for ev is written for
// (Result.Answer, else ev).
func (res Result) AnswerFor(ev event.Event) event.Event {
	if res.Answer.Name == "" {
		return ev
	}
	return res.Answer
}

// Do fires one event: the depth check, the input, the project directory,
// the configs, then plan -> run -> aggregate. A config or input error runs
// nothing and is answered as SPEC §6 says (ErrorAnswer:
// the agent's JSON, or the deny of --fail-closed). fire, test and serve
// all come here.
func (e Engine) Do(ctx context.Context, req Request) Result {
	res := Result{Start: time.Now()}
	ev := req.Event
	if e.Depth >= MaxDepth {
		if v := req.Getenv(DepthVar); DepthMalformed(v) {
			// No recursion writes this: the repository can set it through
			// the agent, so the event denies rather than exiting with an
			// error the agent ignores (SPEC §2.5).
			err := fmt.Errorf("%s is %q, not a count of nested fires; refusing to run hooks for %s", DepthVar, v, ev.Name)
			return res.fail(req, err, true).logged(e.Log)
		}
		res.Refused = fmt.Errorf("%s is %d: hooks are firing hookexec recursively (at most %d nested fires); refusing to run hooks for %s", DepthVar, e.Depth, MaxDepth, ev.Name)
		return res
	}
	e.Log.Debug().Str("event", ev.Name).Msg("reading input and configs")
	l, ok := loadUnlessInterrupted(ctx, req)
	res.Loaded = time.Now()
	if !ok {
		res.Interrupted = true
		res.Verdict = verdict.Verdict{Event: ev.Name, Continue: true, Hooks: []verdict.HookReport{}, DurationMs: millisSince(res.Start)}
		return res
	}
	res.Input, res.ProjectDir, res.Registry, res.InputErr = l.in, l.projectDir, l.reg, l.inputErr
	if l.err != nil {
		// In an agent format a config or input error denies an event that
		// can block (SPEC §2.5): no guard ran. The result format keeps
		// exit 1 with the error (SPEC §6), which its readers check.
		return res.fail(req, l.err, req.FailClosed || req.Format != verdict.FormatResult).logged(e.Log)
	}
	for _, w := range req.Warnings {
		e.Log.Warn().Msg(w)
	}
	for _, w := range l.reg.Warnings {
		e.Log.Warn().Str("at", w.Pos.String()).Msg(w.Message)
	}
	environ := req.Environ
	if environ == nil {
		environ = e.Environ
	}
	environ = l.reg.HookEnviron(environ)
	run := e
	run.ProjectDir, run.Environ = l.projectDir, environ
	opts := PlanDefaults(l.reg.Getenv, environ)
	run.programs = programs{}
	opts.HasProgram = run.programs.lookup(environ)
	opts.Timeout, opts.Sequential, opts.FailClosed = req.Timeout, req.Sequential, req.FailClosed
	opts.Call = req.call(l.in)
	v := run.Fire(ctx, l.reg, ev, l.in, opts)
	v, res.Answer = unknownEvent(l.reg, ev, l.in, v)
	v.Warnings = append(slices.Clip(req.Warnings), v.Warnings...)
	v.DurationMs = millisSince(res.Start)
	res.Verdict = v
	logBlock(e.Log, v)
	return res
}

// fail answers a config or input error (ErrorAnswer); failClosed is
// --fail-closed, or true for a malformed HOOKEXEC_DEPTH.
func (res Result) fail(req Request, err error, failClosed bool) Result {
	res.Err = err
	if v, ok := verdict.ErrorAnswer(req.Format, req.Event, withFix(err), failClosed); ok {
		v.DurationMs = millisSince(res.Start)
		v.GuardOff = []verdict.GuardOff{{Kind: ErrorKind(res.InputErr), Detail: err.Error()}}
		res.Verdict, res.Answered = v, true
	}
	return res
}

// withFix is err as an answer gives it: a config file's error ends with
// the one command that checks the fix, since the deny's reason is all the
// model (and often the user) reads of it.
func withFix(err error) error {
	var re *registry.Error
	if errors.As(err, &re) && re.Pos.File != "" {
		return fmt.Errorf("%w; fix it and check it with 'hookexec validate %s'", err, quoteArg(re.Pos.File))
	}
	return err
}

// PlanDefaults are the planner options that come from the environment:
// $HOOKEXEC_SHELL, the PATH on which the default shell is looked up, the
// variables that locate Git Bash on Windows, and $HOME, which anchors the
// "~/" path patterns of "if" rules.
func PlanDefaults(getenv func(string) string, environ []string) planner.Options {
	return planner.Options{
		Shell:      getenv("HOOKEXEC_SHELL"),
		HasProgram: func(p string) bool { return runner.HasProgram(p, environ) },
		Getenv:     getenv,
		Home:       getenv("HOME"),
	}
}

func millisSince(t time.Time) float64 {
	return millis(time.Since(t))
}

// call is the fired event as the normalized view reads it: the agent of
// the request's format, else the one the input and the environment show.
func (req Request) call(in *event.Input) *agents.Call {
	name := req.Name
	if name.Key == "" {
		name = agents.EventName{Key: req.Event.Name, Event: req.Event}
	}
	name.Event = req.Event
	return agents.NewDetectedCall(req.Format, req.Getenv, name, in)
}

// ErrorKind is the GuardOff kind of a config or input error.
func ErrorKind(inputErr bool) string {
	if inputErr {
		return verdict.GuardOffInputError
	}
	return verdict.GuardOffConfigError
}
