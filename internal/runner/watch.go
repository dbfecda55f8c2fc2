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
// including one that arrived just before it was called. Every caller
// exits right after it: sigs stay caught and are ignored from then on.
func WatchSignals(run *Runner, sigs ...os.Signal) (context.Context, func() syscall.Signal) {
	ctx, cancel := context.WithCancel(context.Background())
	ch := make(chan os.Signal, 2)
	signal.Notify(ch, sigs...)
	// flush is registered for a signal that ch has already enabled, so
	// that neither this Notify nor its Stop changes what the process
	// catches: each such change is a round trip to os/signal's own thread
	// (about 40 µs each here, 8 per fire). Its Stop only waits until the
	// runtime has delivered every signal that arrived before it, to ch
	// too.
	flush := make(chan os.Signal, 1)
	if len(sigs) > 0 {
		signal.Notify(flush, sigs[0])
	}
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
				// flush's Stop has returned: every signal that arrived
				// before it is in ch.
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
			// Stop flush first: it returns only once the runtime has
			// delivered every signal that arrived before it, so the drain
			// below sees a signal that came just as the hooks finished
			// (without it such a signal is lost). sigs stay caught, and
			// from here on ignored, until the caller exits, which it does
			// right away: un-catching them would cost 4 round trips.
			signal.Stop(flush)
			close(done)
			<-exited
			cancel()
		})
		return first
	}
}
