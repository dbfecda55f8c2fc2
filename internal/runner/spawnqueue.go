package runner

import (
	"context"
	"errors"
	"time"
)

// Each running hook holds file descriptors in this process (its pipes
// and, on Linux, pidfds) and counts against the user's processes with
// all it starts. Go raises the soft RLIMIT_NOFILE to the hard limit at
// start, but a low hard limit (`ulimit -n 32` sets both) still runs out
// with a few dozen parallel hooks, and `ulimit -u` or a cgroup's pids.max
// with a few more. Then a spawn waits for another hook of the runner to
// end, instead of failing, and fails, naming the limit, only when no other
// hook runs (nothing would free a descriptor or a process).

// errNotStarted: the run was cancelled while it waited for a spawn.
var errNotStarted = errors.New("runner: cancelled before the start")

// spawnQueued spawns spec, waiting for descriptors or processes as
// described above.
// r.active counts the spawns in progress too, as they hold pipes. Once
// descriptors ran short, spawns take turns, so that a failure while no
// other hook runs means that the limit is too low for one hook, not that
// other spawns held descriptors for a moment.
func (r *Runner) spawnQueued(ctx context.Context, spec Spec) (*process, error) {
	backoff := time.Millisecond
	for {
		r.mu.Lock()
		r.active++
		ended, short := r.ended, r.short
		r.mu.Unlock()
		if short {
			r.spawnTurn.Lock()
		}
		p, err := r.spawn(spec)
		if short {
			r.spawnTurn.Unlock()
		}
		limitErr := spawnLimit(err)
		if err == nil || limitErr == nil {
			if err != nil {
				r.released()
			}
			return p, err
		}
		r.mu.Lock()
		r.short = true
		r.active--
		idle := r.active == 0
		r.mu.Unlock()
		switch {
		case idle && short:
			// Nothing else held descriptors or processes: the limit
			// is too low for one hook.
			return nil, limitErr
		case idle:
			continue // try again, taking turns
		}
		// Wait for a hook to end, or retry after a while: what a spawn
		// in progress holds is freed without notice when it fails.
		backoff = min(2*backoff, 100*time.Millisecond)
		t := time.NewTimer(backoff)
		select {
		case <-ended:
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return nil, errNotStarted
		}
		t.Stop()
		if r.isKilled() {
			return nil, errNotStarted
		}
	}
}

// released notes that a hook's descriptors are closed and wakes the
// spawns waiting for them.
func (r *Runner) released() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.active--
	r.wake()
}

// wake wakes every waiting spawn; r.mu is held.
func (r *Runner) wake() {
	close(r.ended)
	r.ended = make(chan struct{})
}
