//go:build windows

package audit

import (
	"os"

	"golang.org/x/sys/windows"
)

// lockOffset is the byte locked: far past any log's end, so that the lock
// never stands in the way of a writer appending or a reader reading.
const lockOffset = 1 << 62

// tryLock takes an exclusive LockFileEx lock on one byte of f without
// waiting; ok is false when another writer holds it.
func tryLock(f *os.File) (unlock func(), ok bool) {
	h := windows.Handle(f.Fd())
	ol := &windows.Overlapped{Offset: uint32(lockOffset & 0xffffffff), OffsetHigh: uint32(lockOffset >> 32)}
	if windows.LockFileEx(h, windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, ol) != nil {
		return nil, false
	}
	return func() {
		ol := &windows.Overlapped{Offset: uint32(lockOffset & 0xffffffff), OffsetHigh: uint32(lockOffset >> 32)}
		_ = windows.UnlockFileEx(h, 0, 1, 0, ol)
	}, true
}
