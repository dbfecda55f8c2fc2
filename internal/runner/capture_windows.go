package runner

import (
	"os"
	"sync"
	"sync/atomic"
	"unsafe"

	"golang.org/x/sys/windows"
)

// On Windows, anonymous pipes have no deadlines. Reading and feeding are
// stopped by closing the pipe, which cancels a read or write in progress
// (os.File.Close calls CancelIoEx on a pipe and waits for the call to
// return). What is left in a pipe is then read through a duplicate of the
// handle, only as much as PeekNamedPipe says is there, so that nothing
// waits for more.

// captureSys holds the duplicate handle for the final read.
type captureSys struct {
	rest     windows.Handle
	stopping atomic.Bool
}

func (s *captureSys) init(f *os.File) {
	self := windows.CurrentProcess()
	var dup windows.Handle
	if windows.DuplicateHandle(self, windows.Handle(f.Fd()), self, &dup, 0, false, windows.DUPLICATE_SAME_ACCESS) == nil {
		s.rest = dup
	}
}

func (s *captureSys) close() {
	if s.rest != 0 {
		_ = windows.CloseHandle(s.rest)
		s.rest = 0
	}
}

// stop makes a blocked Read return: read then takes what is left in the
// pipe and closes it. Writers still holding the other end get an error
// (ERROR_NO_DATA, Windows' EPIPE) from then on.
func (c *capture) stop() {
	c.sys.stopping.Store(true)
	_ = c.f.Close()
}

// stopped reports whether reading ended because stop was called.
func (c *capture) stopped(error) bool { return c.sys.stopping.Load() }

// peekNamedPipe is kernel32's PeekNamedPipe (x/sys/windows has no
// wrapper), set up at its first use rather than at start-up, so that a
// command that starts no hook does not pay for it.
var peekNamedPipe struct {
	once sync.Once
	proc *windows.LazyProc
}

// available is how many bytes the pipe holds (0 when it cannot tell).
func available(h windows.Handle) int {
	peekNamedPipe.once.Do(func() {
		peekNamedPipe.proc = windows.NewLazySystemDLL("kernel32.dll").NewProc("PeekNamedPipe")
	})
	var n uint32
	r, _, _ := peekNamedPipe.proc.Call(uintptr(h), 0, 0, 0, uintptr(unsafe.Pointer(&n)), 0)
	if r == 0 {
		return 0
	}
	return int(n)
}

// readRest takes what is already in the pipe when reading is stopped,
// without waiting for more and at most finalDrain bytes, in case a
// background process keeps writing.
func (c *capture) readRest(chunk []byte) {
	h := c.sys.rest
	if h == 0 {
		return
	}
	for total := 0; total < finalDrain; {
		n := min(available(h), len(chunk))
		if n == 0 {
			return
		}
		var got uint32
		if windows.ReadFile(h, chunk[:n], &got, nil) != nil || got == 0 {
			return
		}
		c.keep(chunk[:got])
		total += int(got)
	}
}

// stop unblocks a Write stuck on a pipe that a background process holds
// open without reading.
func (fd *feeder) stop() {
	_ = fd.f.Close()
}
