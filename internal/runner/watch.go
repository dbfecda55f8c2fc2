package runner

import (
	"context"
	"os"
	"os/signal"
	"sync"
	"syscall"
)

// Interrupts are the signals that stop hookexec: the first cancels, later
// ones kill (WatchSignals). fire and test add SIGQUIT (FireInterrupts).
func Interrupts() []os.Signal {
	return []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP}
}

// FireInterrupts are the signals fire and test stop at: Interrupts and
// SIGQUIT, which would otherwise dump goroutines and exit 2, a block,
// leaving the hooks running (SPEC §4.5).
func FireInterrupts() []os.Signal {
	return append(Interrupts(), syscall.SIGQUIT)
}

// WatchSignals is hookexec's one signal watcher (fire, test, serve and the
// background supervisor): the returned context is cancelled on the first
// of sigs, and every later one kills every hook of run at once (SPEC §4.5;
// run may be nil: nothing to kill). The returned
// function stops watching and reports the first signal (0 if none),
// including one that arrived just before it was called.
func WatchSignals(run *Runner, sigs ...os.Signal) (context.Context, func() syscall.Signal) {
	ctx, cancel := context.WithCancel(context.Background())
	ch := make(chan os.Signal, 2)
	signal.Notify(ch, sigs...)
	var first syscall.Signal // owned by the goroutine until exited is closed
	done := make(chan struct{})
	exited := make(chan struct{})
	handle := func(s os.Signal) {
		switch {
		case first == 0:
			first = s.(syscall.Signal)
			cancel()
		case run != nil:
			run.KillAll()
		}
	}
	go func() {
		defer close(exited)
		for {
			select {
			case s := <-ch:
				handle(s)
			case <-done:
				// Stop has returned: ch receives nothing more, but may
				// hold signals that arrived before it.
				for {
					select {
					case s := <-ch:
						handle(s)
					default:
						return
					}
				}
			}
		}
	}()
	var once sync.Once
	return ctx, func() syscall.Signal {
		once.Do(func() {
			// Stop first: it returns only once the runtime has delivered
			// every signal that arrived before it, so the drain below
			// sees a signal that came just as the hooks finished. (It
			// costs about 80 µs per fire; skipping it loses such signals.)
			signal.Stop(ch)
			close(done)
			<-exited
			cancel()
		})
		return first
	}
}
