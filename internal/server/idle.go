package server

import (
	"sync"
	"time"
)

// idleTimer calls fire once the server has had no request running for d
// (d = 0: never): each request calls begin when it arrives and end when it
// is answered.
type idleTimer struct {
	d    time.Duration
	fire func()

	mu       sync.Mutex
	inflight int
	gen      int // bumped by every begin: a timer of an older gen is stale
	timer    *time.Timer
}

func newIdleTimer(d time.Duration, fire func()) *idleTimer {
	t := &idleTimer{d: d, fire: fire}
	if d > 0 {
		t.arm()
	}
	return t
}

// arm starts the countdown for the current generation; t.mu held or t
// not yet shared.
func (t *idleTimer) arm() {
	gen := t.gen
	t.timer = time.AfterFunc(t.d, func() {
		t.mu.Lock()
		quiet := t.gen == gen && t.inflight == 0
		t.mu.Unlock()
		if quiet {
			t.fire()
		}
	})
}

func (t *idleTimer) begin() {
	if t.d <= 0 {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.inflight++
	t.gen++
	t.timer.Stop()
}

func (t *idleTimer) end() {
	if t.d <= 0 {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.inflight--
	if t.inflight == 0 {
		t.arm()
	}
}

func (t *idleTimer) close() {
	if t.d <= 0 {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.gen++
	t.timer.Stop()
}
