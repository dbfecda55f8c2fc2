//go:build windows

package safefile

import (
	"errors"
	"os"

	"golang.org/x/sys/windows"
)

// TryLock takes an exclusive LockFileEx lock on the first byte of f, a
// lock file, without waiting; Windows releases it when its holder's handle
// closes, also when the holder dies. The error is ErrLocked when another
// process holds it. unlock releases it (closing f does too).
func TryLock(f *os.File) (unlock func(), err error) {
	h := windows.Handle(f.Fd())
	switch err := windows.LockFileEx(h, windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, new(windows.Overlapped)); {
	case err == nil:
		return func() { _ = windows.UnlockFileEx(h, 0, 1, 0, new(windows.Overlapped)) }, nil
	case errors.Is(err, windows.ERROR_LOCK_VIOLATION), errors.Is(err, windows.ERROR_IO_PENDING):
		return nil, ErrLocked
	default:
		return nil, err
	}
}
