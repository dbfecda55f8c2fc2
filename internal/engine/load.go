package engine

import (
	"context"
	"errors"

	"github.com/hookexec/hookexec/internal/dirs"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/registry"
)

// Loaded is what Load reads for a request.
type Loaded struct {
	Input      *event.Input
	ProjectDir string
	Registry   *registry.Registry
}

// Load reads the request's input, resolves the project directory and loads
// the registry (through req.Cache when set), in that order: an input error
// means no config is read. plan loads through here too.
func Load(req Request) (Loaded, error) {
	l := loadRequest(req)
	return Loaded{l.in, l.projectDir, l.reg}, l.err
}

// loaded is what load returns.
type loaded struct {
	in         *event.Input
	projectDir string
	reg        *registry.Registry
	err        error
	inputErr   bool
}

func loadRequest(req Request) loaded {
	if req.Input == nil {
		return loaded{err: errors.New("engine: a request without an input"), inputErr: true}
	}
	in, err := req.Input()
	if err != nil {
		return loaded{err: err, inputErr: true}
	}
	inputCwd, _ := in.String("cwd")
	root := dirs.ProjectRoot
	if req.CwdOnly {
		root = dirs.EventProjectRoot
	}
	projectDir, err := root(req.ProjectDir, req.Getenv, inputCwd)
	if err != nil {
		return loaded{in: in, err: err}
	}
	opts := registry.Options{Configs: req.Configs, Dialect: req.Dialect, ProjectDir: projectDir, Getenv: req.Getenv, Inline: req.Inline}
	var reg *registry.Registry
	if req.Cache != nil {
		reg, err = req.Cache.Registry(opts)
	} else {
		reg, err = registry.Load(opts)
	}
	if err != nil {
		return loaded{in: in, projectDir: projectDir, err: err}
	}
	return loaded{in: in, projectDir: projectDir, reg: reg}
}

// loadUnlessInterrupted loads; with req.Abandon, ok is false when ctx was
// cancelled first (stdin may never be closed, so loading must not hold up
// the exit).
func loadUnlessInterrupted(ctx context.Context, req Request) (loaded, bool) {
	if !req.Abandon {
		return loadRequest(req), true
	}
	ch := make(chan loaded, 1)
	go func() { ch <- loadRequest(req) }()
	select {
	case l := <-ch:
		return l, true
	case <-ctx.Done():
		return loaded{}, false
	}
}
