package casefile

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/hookexec/hookexec/internal/engine"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/registry"
)

// Sources are where a case's configs come from when it names none: test's
// --project-dir, --config and --dialect, and hookexec's environment.
type Sources struct {
	ProjectDir string
	Configs    []string
	Dialect    registry.Dialect
	Getenv     func(string) string
}

// RunAll fires the cases one at a time through eng, as fire would, and
// calls each (if not nil) with every run as it ends. It stops before the
// next case once ctx is cancelled.
func RunAll(ctx context.Context, eng engine.Engine, cases []Case, src Sources, each func(Run)) []Run {
	var runs []Run
	for _, c := range cases {
		if ctx.Err() != nil {
			break
		}
		r := RunCase(ctx, eng, c, src)
		runs = append(runs, r)
		if each != nil {
			each(r)
		}
	}
	return runs
}

// RunCase fires one case the way fire would and checks its expectations:
// the case's env over eng's environment, its input, project directory and
// configs in one engine.Request.
func RunCase(ctx context.Context, eng engine.Engine, c Case, src Sources) Run {
	start := time.Now()
	res := fire(ctx, eng, c, src)
	return Run{Case: c, Result: res, Mismatches: c.Expect.Check(res), Duration: time.Since(start)}
}

func fire(ctx context.Context, eng engine.Engine, c Case, src Sources) Result {
	req := engine.Request{
		Event: c.Event,
		Name:  c.Fired,
		Input: func() (*event.Input, error) {
			wd, _ := os.Getwd()
			return event.ParseInput(c.Input, time.Now(), wd)
		},
		ProjectDir: src.ProjectDir,
		Configs:    src.Configs,
		Dialect:    src.Dialect,
		Getenv:     overlayGetenv(src.Getenv, c.Env),
		Environ:    engine.OverlayEnv(eng.Environ, c.Env),
	}
	if c.Dialect != "" {
		d, err := registry.ParseDialect(c.Dialect) // checked when the case was read
		if err != nil {
			return Result{Err: err}
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
		return Result{Err: res.Err}
	}
	return Result{Verdict: &res.Verdict}
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
