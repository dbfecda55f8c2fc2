//go:build unix

package runner

import (
	"errors"
	"os"
	"syscall"
	"time"
)

// On Unix, reading and feeding are stopped with pipe deadlines (the
// runtime poller), and what is left in a pipe is read without waiting.

// captureSys: nothing is needed beyond the pipe itself.
type captureSys struct{}

func (captureSys) init(*os.File) {}
func (captureSys) close()        {}

// stop makes a blocked Read return; read then closes the pipe. Writers
// still holding the other end get EPIPE from then on.
func (c *capture) stop() {
	_ = c.f.SetReadDeadline(time.Now())
}

// stopped reports whether a read failed because stop was called.
func (c *capture) stopped(err error) bool {
	return errors.Is(err, os.ErrDeadlineExceeded)
}

// readRest takes what is already in the pipe when reading is stopped (the
// deadline fails reads without looking), without waiting for more and at
// most finalDrain bytes, in case a background process keeps writing.
func (c *capture) readRest(chunk []byte) {
	if c.f.SetReadDeadline(time.Time{}) != nil {
		return
	}
	rc, err := c.f.SyscallConn()
	if err != nil {
		return
	}
	_ = rc.Read(func(fd uintptr) bool {
		for total := 0; total < finalDrain; {
			n, err := syscall.Read(int(fd), chunk)
			if n <= 0 || err != nil {
				break
			}
			c.keep(chunk[:n])
			total += n
		}
		return true // never wait for readiness
	})
}

// stop unblocks a Write stuck on a pipe that a background process holds
// open without reading.
func (fd *feeder) stop() {
	_ = fd.f.SetWriteDeadline(time.Now())
}
