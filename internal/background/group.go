package background

import (
	"context"
	"errors"
	"sync"

	"github.com/rs/zerolog"

	"github.com/hookexec/hookexec/internal/runner"
)

// Group runs background hooks in this process, each in a goroutine of its
// own through one runner: what serve does, since it outlives its events.
// Cancelling its context terminates the running hooks (SIGTERM, the kill
// grace, SIGKILL); Wait waits for them. Safe for concurrent use.
type Group struct {
	ctx context.Context
	run *runner.Runner
	log zerolog.Logger
	wg  sync.WaitGroup
}

// NewGroup returns a group that runs hooks with run until ctx is done.
func NewGroup(ctx context.Context, run *runner.Runner, log zerolog.Logger) *Group {
	return &Group{ctx: ctx, run: run, log: log}
}

// Start runs spec in the background. It fails only when the group's
// context is done.
func (g *Group) Start(name string, spec runner.Spec) error {
	if g.ctx.Err() != nil {
		return errors.New("background: shutting down, no new background hook starts")
	}
	g.wg.Add(1)
	go func() {
		defer g.wg.Done()
		logResult(g.log, name, g.run.Run(g.ctx, spec))
	}()
	return nil
}

// Wait waits for every hook started so far to end.
func (g *Group) Wait() { g.wg.Wait() }
