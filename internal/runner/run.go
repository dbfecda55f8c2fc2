package runner

import (
	"context"
	"errors"
	"fmt"
	"time"
)

const (
	// pollInterval is how often a terminating group is checked for
	// survivors once its leader has been reaped.
	pollInterval = 20 * time.Millisecond
)

// Run runs spec to completion and returns its raw Result. It never panics
// and never returns before the process group of a timed-out or cancelled
// run is gone (or SIGKILL could not end it within a bounded wait, which is
// reported in Err).
func (r *Runner) Run(ctx context.Context, spec Spec) Result {
	start := time.Now()
	res := r.run(ctx, spec)
	res.Start = start
	res.Duration = time.Since(start)
	return res
}

func (r *Runner) run(ctx context.Context, spec Spec) Result {
	if ctx.Err() != nil || r.isKilled() {
		return Result{Status: Cancelled, ExitCode: -1}
	}
	if spec.Budget == nil {
		spec.Budget = r.NewBudget(1)
	}
	if spec.HTTP != nil {
		return r.post(ctx, spec)
	}
	p, err := r.spawnQueued(ctx, spec)
	switch {
	case errors.Is(err, errNotStarted):
		return Result{Status: Cancelled, ExitCode: -1}
	case err != nil:
		return Result{Status: SpawnFailed, ExitCode: -1, Err: err}
	}
	defer r.released()
	g := r.register(p.ctl)
	defer r.unregister(g)
	r.keeper.hold(p.ctl)
	res := r.supervise(ctx, spec, p, g)
	p.ctl.finish(res.Status == Exited || res.Status == Signaled)
	r.keeper.release(p.ctl)
	return res
}

// supervise waits for the leader to exit on its own, or for the timeout,
// the context or KillAll, and terminates the group in the latter cases.
func (r *Runner) supervise(ctx context.Context, spec Spec, p *process, g *group) Result {
	var timeout <-chan time.Time
	if spec.Timeout > 0 {
		t := time.NewTimer(spec.Timeout)
		defer t.Stop()
		timeout = t.C
	}

	status := Exited
	select {
	case <-p.exited:
	case <-timeout:
		status = TimedOut
	case <-ctx.Done():
		status = Cancelled
	case <-g.killNow:
		status = Cancelled
	}
	switch {
	case g.killRequested():
		// KillAll already sent SIGKILL to the group, whatever else
		// happened: make sure the group is gone.
		status = Cancelled
	case status != Exited && p.leaderDone():
		// The leader finished on its own just as the timer or context
		// fired: its background processes are deliberate, leave them.
		status = Exited
	}

	if status == Exited {
		// Only the leader's pipes are waited for, and briefly; background
		// processes that hold them are neither killed (not even by
		// KillAll from now on) nor waited for.
		r.unregister(g)
		p.finishIO(r.opts.PipeDrain)
		return p.result(Exited, nil)
	}

	err := r.terminate(p, g)
	// The group is gone (or SIGKILLed): what is still in the pipes is
	// the end of its output.
	p.finishIO(r.opts.PipeDrain)
	return p.result(status, err)
}

// terminate finds the hook's whole tree (its group and every descendant,
// in the group or not), sends it SIGTERM and SIGCONT, and waits for the
// leader and every other member to exit, recording members found later.
// When the grace period expires or KillAll is called, it kills the tree.
func (r *Runner) terminate(p *process, g *group) error {
	if g.killRequested() {
		// KillAll: SIGKILL only. A SIGTERM now could still reach the
		// leader before KillAll's SIGKILL does.
		return killTree(p)
	}
	grace := r.opts.KillGrace
	if !p.ctl.stop() || r.isKilled() {
		grace = 0
	}
	timer := time.NewTimer(grace)
	defer timer.Stop()
	tick := time.NewTicker(pollInterval)
	defer tick.Stop()

	exited := p.exited
	for {
		select {
		case <-exited:
			exited = nil // reaped; from now on, poll the rest of the tree
		case <-tick.C:
			if !p.ctl.alive() && exited == nil {
				return nil
			}
		case <-timer.C:
			return killTree(p)
		case <-g.killNow:
			return killTree(p)
		}
	}
}

// killTree sends SIGKILL to the hook's group and every member of its tree
// and waits, boundedly, until the leader is reaped and no member is left.
func killTree(p *process) error {
	p.ctl.kill()
	deadline := time.NewTimer(killWait)
	defer deadline.Stop()
	select {
	case <-p.exited:
	case <-deadline.C:
		return fmt.Errorf("runner: process %d did not exit after it was killed", p.os.Pid)
	}
	tick := time.NewTicker(pollInterval)
	defer tick.Stop()
	// A member forked between the scan and the SIGKILL, or outlived it:
	// kill again until none is left.
	for p.ctl.kill() {
		select {
		case <-tick.C:
		case <-deadline.C:
			return fmt.Errorf("runner: processes of hook %d still alive after they were killed", p.os.Pid)
		}
	}
	return nil
}

// result builds the Result once I/O is finished. A leader that died of a
// signal is Signaled only when status is Exited, i.e. the runner sent none.
func (p *process) result(status Status, err error) Result {
	res := Result{
		Status:          status,
		Started:         true,
		ExitCode:        -1,
		Stdout:          p.stdout.buf,
		Stderr:          p.stderr.buf,
		StdoutTruncated: p.stdout.truncated,
		StderrTruncated: p.stderr.truncated,
		StdoutDropped:   p.stdout.dropped,
		StderrDropped:   p.stderr.dropped,
		Err:             err,
	}
	if !p.leaderDone() {
		return res // only after a failed SIGKILL
	}
	if p.waitErr != nil {
		if res.Err == nil {
			res.Err = fmt.Errorf("runner: wait: %w", p.waitErr)
		}
		return res
	}
	res.ExitCode, res.Signal = leaderStatus(p)
	if res.Signal != "" && status == Exited {
		res.Status = Signaled
	}
	return res
}
