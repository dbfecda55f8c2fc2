//go:build unix

package audit

import (
	"os"

	"golang.org/x/sys/unix"
)

// tryLock takes an exclusive flock(2) on f without waiting; ok is false
// when another writer holds it. The kernel drops the lock with its holder.
func tryLock(f *os.File) (unlock func(), ok bool) {
	fd := int(f.Fd())
	if unix.Flock(fd, unix.LOCK_EX|unix.LOCK_NB) != nil {
		return nil, false
	}
	return func() { _ = unix.Flock(fd, unix.LOCK_UN) }, true
}
