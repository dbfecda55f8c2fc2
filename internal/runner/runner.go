package runner

import (
	"net/http"
	"sync"
	"time"
)

// Defaults used when the matching Options field is zero (MaxOutput,
// MaxTotalOutput and PipeDrain: or negative; KillGrace: see NoKillGrace).
const (
	DefaultMaxOutput      int64         = 1 << 20
	DefaultMaxTotalOutput int64         = 16 << 20
	DefaultKillGrace      time.Duration = 5 * time.Second
	DefaultPipeDrain      time.Duration = 250 * time.Millisecond
)

// NoKillGrace as Options.KillGrace sends SIGKILL right after SIGTERM.
const NoKillGrace time.Duration = -1

// Options configure a Runner. The zero value is usable.
type Options struct {
	// MaxOutput caps what is kept of each stream, in bytes (default 1 MiB).
	MaxOutput int64
	// MaxTotalOutput caps what is kept of all streams of all the hooks of
	// one event together, in bytes (default 16 MiB); see Budget.
	MaxTotalOutput int64
	// KillGrace is the time between SIGTERM and SIGKILL (0: the default
	// 5 s; NoKillGrace: none).
	KillGrace time.Duration
	// MaxParallel bounds RunAll's concurrency; 0 means unlimited.
	MaxParallel int
	// PipeDrain is how long to keep reading after the main process exited
	// on its own, while a backgrounded child holds the pipes (default 250 ms).
	PipeDrain time.Duration
	// Keeper, for a long-lived server, starts a keeper process that
	// terminates the hooks still running if this process is killed
	// outright (keeper.go). nil: none (fire). Ignored on Windows.
	Keeper *Keeper
}

// Runner spawns and supervises hook processes. It is safe for concurrent
// use; KillAll may be called from another goroutine (a signal handler) while
// Run or RunAll are in progress.
type Runner struct {
	opts Options

	mu     sync.Mutex
	killed bool                // KillAll was called: no new spawns, no grace
	live   map[*group]struct{} // process groups of running specs
	active int                 // spawned specs whose descriptors are not yet closed
	ended  chan struct{}       // closed and replaced when a spec's descriptors are closed
	short  bool                // a spawn ran out of file descriptors: spawns take turns

	spawnTurn sync.Mutex // held by a spawn once descriptors ran short

	keeper *keeperLink // nil: no keeper

	httpOnce sync.Once
	http     *http.Client // http hooks' client (http.go)
}

// group is one spawned hook as the Runner's registry sees it.
type group struct {
	ctl     control
	killNow chan struct{} // closed by KillAll
}

// New returns a Runner with opts, defaults filled in.
func New(opts Options) *Runner {
	if opts.MaxOutput <= 0 {
		opts.MaxOutput = DefaultMaxOutput
	}
	if opts.MaxTotalOutput <= 0 {
		opts.MaxTotalOutput = DefaultMaxTotalOutput
	}
	switch {
	case opts.KillGrace == 0:
		opts.KillGrace = DefaultKillGrace
	case opts.KillGrace < 0:
		opts.KillGrace = 0
	}
	if opts.PipeDrain <= 0 {
		opts.PipeDrain = DefaultPipeDrain
	}
	if opts.MaxParallel < 0 {
		opts.MaxParallel = 0
	}
	// The process-wide set-up for hooks (subreaper, reaper, threads) waits
	// for the first spawn: a fire that runs no hook does not pay it.
	return &Runner{opts: opts, live: make(map[*group]struct{}), ended: make(chan struct{}), keeper: newKeeperLink(opts.Keeper, opts.KillGrace)}
}

// KillAll is the "second signal": it sends SIGKILL to every live process
// group at once (on Windows: terminates every live hook's Job Object). Terminations in progress stop waiting for their grace
// period, and afterwards no new process is started (Run reports Cancelled)
// and any termination skips the grace period.
func (r *Runner) KillAll() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.killed = true
	r.wake() // spawns waiting for descriptors give up
	for g := range r.live {
		// Close first, so a supervisor that sees its leader die of this
		// SIGKILL already knows who sent it.
		close(g.killNow)
		g.ctl.killFast()
		delete(r.live, g)
	}
}

func (r *Runner) isKilled() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.killed
}

// register records a freshly spawned group. If KillAll already ran, the
// group is killed at once and its killNow channel is returned closed.
func (r *Runner) register(ctl control) *group {
	g := &group{ctl: ctl, killNow: make(chan struct{})}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.killed {
		close(g.killNow)
		ctl.killFast()
		return g
	}
	r.live[g] = struct{}{}
	return g
}

// unregister forgets g; KillAll no longer touches it.
func (r *Runner) unregister(g *group) {
	r.mu.Lock()
	defer r.mu.Unlock()
	delete(r.live, g)
}

// killRequested reports whether KillAll has targeted g.
func (g *group) killRequested() bool {
	select {
	case <-g.killNow:
		return true
	default:
		return false
	}
}
