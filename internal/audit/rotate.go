package audit

import (
	"os"
	"syscall"

	"github.com/hookexec/hookexec/internal/safefile"
)

// rotate renames the current file to Rotated when f, the current file as
// opened, has passed Max bytes, and returns the file to append to. One
// writer rotates: the one that gets a non-blocking lock on Path+".lock";
// the others append to the file as they find it. f is closed before the
// rename (Windows renames no open file); after a rotation, or a lost race,
// the current file is opened again. A rotation that fails costs nothing
// but the bound: the line is appended all the same.
func (l *Log) rotate(f File) (File, error) {
	fi, err := f.Stat()
	if err != nil || l.Max <= 0 || fi.Size() < l.Max {
		return f, nil
	}
	if _, ok := f.(*os.File); !ok {
		return f, nil // a test's writer: nothing to rename
	}
	lock, err := safefile.OpenNoFollow(l.Path+".lock", os.O_RDWR|os.O_CREATE|syscall.O_NONBLOCK, 0o600)
	if err != nil {
		return f, nil
	}
	defer func() { _ = lock.Close() }()
	unlock, err := safefile.TryLock(lock)
	if err != nil {
		return f, nil // another writer rotates, or no locks here: append
	}
	defer unlock()
	_ = f.Close()
	// Still past the limit: no other writer rotated it since this one
	// opened it.
	if cur, err := os.Lstat(l.Path); err == nil && cur.Mode().IsRegular() && cur.Size() >= l.Max {
		_ = os.Rename(l.Path, l.Rotated)
	}
	return l.open()
}
