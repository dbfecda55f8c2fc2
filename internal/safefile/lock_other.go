//go:build !unix && !windows

package safefile

import (
	"errors"
	"os"
)

// TryLock has no file lock to take on this system.
func TryLock(*os.File) (func(), error) {
	return nil, errors.New("no file locks on this system")
}
