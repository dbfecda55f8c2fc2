//go:build !unix && !windows

package server

import (
	"context"
	"errors"
	"time"
)

// lockFile has no file lock to take on this system.
func lockFile(context.Context, string, time.Duration) (func(), error) {
	return nil, errors.New("serve --ensure is not supported on this system (no file locks)")
}
