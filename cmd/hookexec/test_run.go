package main

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/hookexec/hookexec/internal/casefile"
	"github.com/hookexec/hookexec/internal/engine"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/registry"
)

// runCase fires one case the way fire would: the case's env over
// hookexec's environment, input, project directory and configs in one
// engine.Request.
func (a *app) runCase(ctx context.Context, eng engine.Engine, c casefile.Case, cf configFlags) casefile.Run {
	start := time.Now()
	res := a.fireCase(ctx, eng, c, cf)
	return casefile.Run{Case: c, Result: res, Mismatches: c.Expect.Check(res), Duration: time.Since(start)}
}

func (a *app) fireCase(ctx context.Context, eng engine.Engine, c casefile.Case, cf configFlags) casefile.Result {
	req := engine.Request{
		Event: c.Event,
		Input: func() (*event.Input, error) {
			wd, _ := os.Getwd()
			return event.ParseInput(c.Input, time.Now(), wd)
		},
		ProjectDir: cf.projectDir,
		Configs:    cf.configs,
		Dialect:    cf.dialect.v,
		Getenv:     overlayGetenv(a.getenv, c.Env),
		Environ:    engine.OverlayEnv(os.Environ(), c.Env),
	}
	if c.Dialect != "" {
		d, err := registry.ParseDialect(c.Dialect) // checked when the case was read
		if err != nil {
			return casefile.Result{Err: err}
		}
		req.Dialect = d
	}
	if len(c.Configs) > 0 {
		req.Configs = c.Configs
	} else if v := c.Env["HOOKEXEC_CONFIG"]; v != "" && len(req.Configs) == 0 {
		// The case's own choice, not the environment's: it counts even
		// under an agent, where registry.SafeEnv ignores the variable.
		req.Configs = slices.DeleteFunc(filepath.SplitList(v), func(p string) bool { return p == "" })
	}
	if c.Inline != nil {
		req.Inline = &registry.Inline{Name: c.Pos.File, Data: c.Inline}
	}
	eng.Log.Debug().Str("case", c.Name).Str("event", c.Event.Name).Msg("running test case")
	res := eng.Do(ctx, req)
	if res.Err != nil {
		return casefile.Result{Err: res.Err}
	}
	return casefile.Result{Verdict: &res.Verdict}
}

// overlayGetenv reads env first, then getenv.
func overlayGetenv(getenv func(string) string, env map[string]string) func(string) string {
	if len(env) == 0 {
		return getenv
	}
	return func(name string) string {
		if v, ok := env[name]; ok {
			return v
		}
		return getenv(name)
	}
}
