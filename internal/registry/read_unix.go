//go:build unix

package registry

import (
	"errors"
	"os"
	"syscall"
)

// openConfig opens a config file without blocking on a FIFO; a project
// file is opened without following a final symbolic link.
func openConfig(path string, project bool) (*os.File, error) {
	flags := os.O_RDONLY | syscall.O_NONBLOCK
	if project {
		flags |= syscall.O_NOFOLLOW
	}
	return os.OpenFile(path, flags, 0)
}

// isLoop reports the error of O_NOFOLLOW meeting a symbolic link.
func isLoop(err error) bool {
	return errors.Is(err, syscall.ELOOP) || errors.Is(err, syscall.EMLINK)
}
