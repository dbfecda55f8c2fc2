package runner

import (
	"os"
	"time"
)

// readChunk is the largest read buffer of a captured stream: memory stays
// bounded by the caps plus this per running stream, however much the
// process writes. Read buffers start at 4 KiB and double while reads fill
// them, so a hundred quiet hooks do not cost 64 KiB per stream.
const readChunk = 64 << 10

// finalDrain bounds what is read after reading was stopped: at least one
// full pipe buffer (64 KiB by default on Linux, up to 1 MiB).
const finalDrain = 1 << 20

// capture reads one output pipe until EOF or stop, keeping the first limit
// bytes, and no more than the event's Budget allows, and discarding the
// rest, so the writer never blocks or gets SIGPIPE because of a cap.
type capture struct {
	f      *os.File
	limit  int64
	budget *Budget
	done   chan struct{}
	sys    captureSys // what stop needs on this OS

	// Owned by the reading goroutine until done is closed.
	buf       []byte
	own       int64 // unused part of the stream's reserved share
	truncated bool
	dropped   int64 // bytes read and not kept
}

func capturePipe(f *os.File, limit int64, budget *Budget) *capture {
	c := &capture{f: f, limit: limit, budget: budget, own: budget.claim(), done: make(chan struct{})}
	c.sys.init(f)
	go c.read()
	return c
}

func (c *capture) read() {
	defer close(c.done)
	defer c.sys.close()
	defer func() { _ = c.f.Close() }() // the read end: nothing to learn from closing it
	defer func() { c.budget.release(c.own); c.own = 0 }()
	chunk := make([]byte, 4<<10)
	for {
		n, err := c.f.Read(chunk)
		if n > 0 {
			c.keep(chunk[:n])
			if n == len(chunk) && len(chunk) < readChunk {
				chunk = make([]byte, min(2*len(chunk), readChunk))
			}
		}
		if c.stopped(err) {
			c.readRest(chunk)
			return
		}
		if err != nil {
			return
		}
	}
}

// keep appends b as far as the cap and the budget allow; what does not fit
// is dropped and the stream marked truncated.
func (c *capture) keep(b []byte) {
	if c.truncated {
		c.dropped += int64(len(b))
		return // what is kept stays a prefix of what was written
	}
	if room := c.limit - int64(len(c.buf)); int64(len(b)) > room {
		c.truncated = true
		c.dropped += int64(len(b)) - room
		b = b[:room]
	}
	if len(b) > cap(c.buf)-len(c.buf) {
		c.grow(len(b))
		if free := cap(c.buf) - len(c.buf); len(b) > free {
			c.truncated = true
			c.dropped += int64(len(b) - free)
			b = b[:free]
		}
	}
	c.buf = append(c.buf, b...)
}

// grow makes room for n more bytes if the budget allows, doubling the
// buffer up to the cap. The new capacity is paid for first from the
// stream's own share, then from the pool, so the capacity of all buffers
// never exceeds the budget's total; when neither has enough, the buffer
// grows only by what they have.
func (c *capture) grow(n int) {
	need := int64(len(c.buf) + n)
	want := max(need, min(2*int64(cap(c.buf)), c.limit))
	more, least := want-int64(cap(c.buf)), need-int64(cap(c.buf))
	got := min(more, c.own)
	c.own -= got
	if got < more {
		got += c.budget.take(more-got, max(least-got, 0))
	}
	if got == 0 {
		return
	}
	grown := make([]byte, len(c.buf), int64(cap(c.buf))+got)
	copy(grown, c.buf)
	c.buf = grown
}

// feeder writes the hook's input to its stdin pipe, then closes it. A
// process that never reads or exits early (EPIPE) is not an error.
type feeder struct {
	f    *os.File
	done chan struct{}
}

func feed(f *os.File, data []byte) *feeder {
	fd := &feeder{f: f, done: make(chan struct{})}
	go func() {
		defer close(fd.done)
		defer func() { _ = f.Close() }() // the hook may be gone: as for the write
		if len(data) > 0 {
			_, _ = f.Write(data) // EPIPE, or the deadline set by stop
		}
	}()
	return fd
}

// finishIO waits up to d for both output pipes to reach EOF, then stops
// reading; it also stops feeding stdin. On
// return the capture buffers are safe to read.
func (p *process) finishIO(d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
wait:
	for _, c := range []*capture{p.stdout, p.stderr} {
		select {
		case <-c.done:
		case <-t.C:
			break wait
		}
	}
	p.stdout.stop()
	p.stderr.stop()
	p.stdin.stop()
	<-p.stdout.done
	<-p.stderr.done
	<-p.stdin.done
}
