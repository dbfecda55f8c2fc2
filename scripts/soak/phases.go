package main

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/rs/zerolog"

	"github.com/hookexec/hookexec/internal/engine"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/planner"
	"github.com/hookexec/hookexec/internal/registry"
	"github.com/hookexec/hookexec/internal/runner"
	"github.com/hookexec/hookexec/internal/testproc"
	hookverdict "github.com/hookexec/hookexec/internal/verdict"
)

// phase is the outcome of one part of the soak.
type phase struct {
	name      string
	fires     int
	durations []time.Duration // per fire (one-after-another phases)
	wall      time.Duration
	problems  []string
	notes     []string
}

func (p *phase) problem(format string, args ...any) {
	if len(p.problems) < 20 {
		p.problems = append(p.problems, fmt.Sprintf(format, args...))
	}
}

// fireSequential runs the binary n times in a row.
func (fx *fixture) fireSequential(n int) phase {
	p := phase{name: fmt.Sprintf("%d fires of the binary, one after another", n), fires: n}
	start := time.Now()
	for i := range n {
		t := time.Now()
		code, out, err := fx.fire(i)
		p.durations = append(p.durations, time.Since(t))
		if err != nil {
			p.problem("fire %d: %v", i, err)
		} else if msg := checkVerdict(i, code, out); msg != "" {
			p.problem("%s", msg)
		}
	}
	p.wall = time.Since(start)
	return p
}

// fireConcurrent starts n fires of the binary at once.
func (fx *fixture) fireConcurrent(n int) phase {
	p := phase{name: fmt.Sprintf("%d fires of the binary at once, %d hooks each", n, len(hooks)), fires: n}
	var mu sync.Mutex
	var wg sync.WaitGroup
	start := time.Now()
	for i := range n {
		wg.Go(func() {
			code, out, err := fx.fire(i)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				p.problem("fire %d: %v", i, err)
			} else if msg := checkVerdict(i, code, out); msg != "" {
				p.problem("%s", msg)
			}
		})
	}
	wg.Wait()
	p.wall = time.Since(start)
	return p
}

// fireInProcess fires n times through the engine, as a program embedding
// hookexec does, and compares this process's descriptors, threads,
// goroutines and zombie children after the run with those after the
// first tenth (which includes the runtime's warm-up).
func (fx *fixture) fireInProcess(n int) phase {
	p := phase{name: fmt.Sprintf("%d fires through the engine in one process", n), fires: n}
	ev, err := event.Resolve("BeforeTool")
	if err != nil {
		p.problem("%v", err)
		return p
	}
	getenv := func(k string) string {
		for _, kv := range fx.env {
			if name, v, ok := strings.Cut(kv, "="); ok && name == k {
				return v
			}
		}
		return ""
	}
	eng := &engine.Engine{Runner: runner.New(runner.Options{}), ProjectDir: fx.dir, Environ: fx.env, Log: zerolog.Nop()}
	opts := planner.Options{HasProgram: func(prog string) bool { return runner.HasProgram(prog, fx.env) }}
	warm := max(n/10, 1)
	var before usage
	start := time.Now()
	for i := range n {
		if i == warm {
			before = measure()
		}
		t := time.Now()
		reg, err := registry.Load(registry.Options{Configs: []string{fx.config}, ProjectDir: fx.dir, Getenv: getenv})
		if err != nil {
			p.problem("fire %d: %v", i, err)
			continue
		}
		in, err := event.ParseInput([]byte(events[i%2]), time.Now(), fx.dir)
		if err != nil {
			p.problem("fire %d: %v", i, err)
			continue
		}
		v := eng.Fire(context.Background(), reg, ev, in, opts)
		p.durations = append(p.durations, time.Since(t))
		code := 0
		if v.Blocked {
			code = 2
		}
		if msg := checkReport(i, code, v.Blocked, outcomes(v.Hooks)); msg != "" {
			p.problem("%s", msg)
		}
	}
	p.wall = time.Since(start)
	// The last hooks' background processes (0.05 s) exit and are reaped.
	time.Sleep(500 * time.Millisecond)
	after := measure()
	p.notes = append(p.notes, fmt.Sprintf("after fire %d / at the end: %s / %s", warm, before, after))
	if after.fds > before.fds || after.goroutines > before.goroutines || after.zombies > 0 || after.threads > before.threads+2 {
		p.problem("leak: after fire %d %s, at the end %s", warm, before, after)
	}
	return p
}

func outcomes(hs []hookverdict.HookReport) []string {
	var out []string
	for _, h := range hs {
		out = append(out, string(h.Outcome))
	}
	return out
}

// leftovers looks for any process a hook left that is still alive.
func (fx *fixture) leftovers() phase {
	p := phase{name: "processes left behind"}
	time.Sleep(500 * time.Millisecond)
	left, err := testproc.Survivors("sleep " + marker)
	if err != nil {
		p.problem("%v", err)
	}
	if len(left) > 0 {
		p.problem("%d hook processes still alive: %v", len(left), left)
	}
	zs := zombieChildren(os.Getpid())
	if len(zs) > 0 {
		p.problem("zombie children of the soak: %v", zs)
	}
	p.notes = append(p.notes, fmt.Sprintf("alive: %d, zombies: %d", len(left), len(zs)))
	slices.Sort(left)
	return p
}
