package main

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/rs/zerolog"

	"github.com/hookexec/hookexec/internal/casefile"
	"github.com/hookexec/hookexec/internal/dirs"
	"github.com/hookexec/hookexec/internal/engine"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/registry"
	"github.com/hookexec/hookexec/internal/runner"
)

// runCase fires one case the way fire would: the case's env over
// hookexec's environment, input, project directory, configs, then
// Engine.Fire.
func (a *app) runCase(ctx context.Context, run *runner.Runner, c casefile.Case, cf configFlags, depth int, log zerolog.Logger) caseRun {
	start := time.Now()
	res := a.fireCase(ctx, run, c, cf, depth, log)
	return caseRun{c: c, res: res, mismatches: c.Expect.Check(res), duration: time.Since(start)}
}

func (a *app) fireCase(ctx context.Context, run *runner.Runner, c casefile.Case, cf configFlags, depth int, log zerolog.Logger) casefile.Result {
	getenv := overlayGetenv(a.getenv, c.Env)
	environ := engine.OverlayEnv(os.Environ(), c.Env)
	wd, _ := os.Getwd()
	in, err := event.ParseInput(c.Input, time.Now(), wd)
	if err != nil {
		return casefile.Result{Err: err}
	}
	inputCwd, _ := in.String("cwd")
	projectDir, err := dirs.ProjectRoot(cf.projectDir, getenv, inputCwd)
	if err != nil {
		return casefile.Result{Err: err}
	}
	dialectName := cf.dialect
	if c.Dialect != "" {
		dialectName = c.Dialect
	}
	dialect, err := registry.ParseDialect(dialectName)
	if err != nil {
		return casefile.Result{Err: err}
	}
	opts := registry.Options{Configs: cf.configs, Dialect: dialect, ProjectDir: projectDir, Getenv: getenv}
	if len(c.Configs) > 0 {
		opts.Configs = c.Configs
	} else if v := c.Env["HOOKEXEC_CONFIG"]; v != "" && len(opts.Configs) == 0 {
		// The case's own choice, not the environment's: it counts even
		// under an agent, where registry.SafeEnv ignores the variable.
		opts.Configs = slices.DeleteFunc(filepath.SplitList(v), func(p string) bool { return p == "" })
	}
	if c.Inline != nil {
		opts.Inline = &registry.Inline{Name: c.Pos.File, Data: c.Inline}
	}
	reg, err := registry.Load(opts)
	if err != nil {
		return casefile.Result{Err: err}
	}
	log.Debug().Str("case", c.Name).Str("event", c.Event.Name).Str("projectDir", projectDir).Msg("running test case")
	eng := &engine.Engine{Runner: run, ProjectDir: projectDir, Environ: environ, Depth: depth, Log: log}
	v := eng.Fire(ctx, reg, c.Event, in, planDefaults(reg.Getenv, environ))
	return casefile.Result{Verdict: &v}
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
