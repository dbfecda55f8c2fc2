//go:build unix

package safefile

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// TryLock takes an exclusive lock on f, a lock file, without waiting:
// flock(2), which the kernel drops when its holder dies, so a killed
// process never leaves a stale lock. The error is ErrLocked when another
// process holds it. unlock releases it (closing f does too).
func TryLock(f *os.File) (unlock func(), err error) {
	fd := int(f.Fd())
	switch err := unix.Flock(fd, unix.LOCK_EX|unix.LOCK_NB); {
	case err == nil:
		return func() { _ = unix.Flock(fd, unix.LOCK_UN) }, nil
	case errors.Is(err, unix.EWOULDBLOCK), errors.Is(err, unix.EINTR):
		return nil, ErrLocked
	default:
		return nil, err
	}
}
