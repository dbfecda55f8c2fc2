package server

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/hookexec/hookexec/internal/safefile"
)

// lockFile takes an exclusive lock on path (created 0600, never through a
// link), waiting at most max. The system releases it when its holder
// dies (safefile.TryLock), so a killed Ensure never leaves a stale lock;
// the file stays, empty.
func lockFile(ctx context.Context, path string, max time.Duration) (unlock func(), err error) {
	f, err := safefile.OpenNoFollow(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("opening the lock %s: %w", path, err)
	}
	deadline := time.Now().Add(max)
	for {
		release, err := safefile.TryLock(f)
		if err == nil {
			return func() { release(); _ = f.Close() }, nil
		}
		if !errors.Is(err, safefile.ErrLocked) {
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
