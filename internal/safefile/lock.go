package safefile

import "errors"

// ErrLocked is TryLock's error when another process holds the lock.
var ErrLocked = errors.New("locked by another process")
