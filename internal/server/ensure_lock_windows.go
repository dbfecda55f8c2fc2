//go:build windows

package server

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"golang.org/x/sys/windows"

	"github.com/hookexec/hookexec/internal/safefile"
)

// lockFile takes an exclusive LockFileEx lock on the first byte of path
// (created, never through a link), waiting at most max. Windows releases
// the lock when its holder's handle closes, also when the holder dies.
func lockFile(ctx context.Context, path string, max time.Duration) (unlock func(), err error) {
	f, err := safefile.OpenNoFollow(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("opening the lock %s: %w", path, err)
	}
	h := windows.Handle(f.Fd())
	deadline := time.Now().Add(max)
	for {
		ol := new(windows.Overlapped)
		err := windows.LockFileEx(h, windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, ol)
		if err == nil {
			return func() {
				_ = windows.UnlockFileEx(h, 0, 1, 0, new(windows.Overlapped))
				_ = f.Close()
			}, nil
		}
		if !errors.Is(err, windows.ERROR_LOCK_VIOLATION) && !errors.Is(err, windows.ERROR_IO_PENDING) {
			_ = f.Close()
			return nil, fmt.Errorf("locking %s: %w", path, err)
		}
		if time.Now().After(deadline) {
			_ = f.Close()
			return nil, fmt.Errorf("locking %s: another hookexec held it for %s", path, max)
		}
		if err := sleep(ctx, pollEvery); err != nil {
			_ = f.Close()
			return nil, err
		}
	}
}
