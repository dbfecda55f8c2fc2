package engine

import (
	"github.com/hookexec/hookexec/internal/planner"
	"github.com/hookexec/hookexec/internal/verdict"
)

// Plan is `hookexec plan`: the request's input and configs loaded as fire
// loads them (Load), and the plan fire would run for them explained,
// without running anything. req.Timeout, Sequential and FailClosed change
// the plan as they change fire's.
func Plan(req Request) (planner.View, error) {
	opts := PlanDefaults(req.Getenv, req.Environ)
	opts.Timeout, opts.Sequential, opts.FailClosed = req.Timeout, req.Sequential, req.FailClosed
	l, err := Load(req)
	if err != nil {
		return planner.View{}, err
	}
	opts.ProjectDir = l.ProjectDir
	// As fire plans: through the environment the registry read (SafeEnv).
	reg := l.Registry
	opts.Shell, opts.Home, opts.Getenv = reg.Getenv("HOOKEXEC_SHELL"), reg.Getenv("HOME"), reg.Getenv
	opts.Call = req.call(l.Input)
	p := planner.Build(reg, req.Event, l.Input, opts)
	view := planner.NewView(p, reg, l.ProjectDir, opts)
	// What fire denies for the hooks that do not run, with the user's
	// settings.untrusted as fire's default.
	var e Engine
	if v := e.guardsOff(reg, req.Event, l.Input, opts, verdict.Verdict{}); v.Blocked {
		view.Denied = v.Reason
	}
	return view, nil
}
