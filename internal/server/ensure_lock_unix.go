//go:build unix

package server

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"golang.org/x/sys/unix"

	"github.com/hookexec/hookexec/internal/safefile"
)

// lockFile takes an exclusive flock(2) on path (created 0600, never
// through a link), waiting at most max. The kernel releases the lock
// when its holder dies, so a killed Ensure never leaves a stale lock; the
// file stays, empty.
func lockFile(ctx context.Context, path string, max time.Duration) (unlock func(), err error) {
	f, err := safefile.OpenNoFollow(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("opening the lock %s: %w", path, err)
	}
	deadline := time.Now().Add(max)
	for {
		err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
		if err == nil {
			return func() { _ = f.Close() }, nil // closing releases the lock
		}
		if !errors.Is(err, unix.EWOULDBLOCK) && !errors.Is(err, unix.EINTR) {
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
