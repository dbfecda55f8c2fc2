//go:build unix

package runner

import (
	"errors"
	"fmt"
	"syscall"
)

// descriptorLimitError names the limit that was reached.
func descriptorLimitError(err error) error {
	if errors.Is(err, syscall.ENFILE) {
		return fmt.Errorf("%w (the system-wide limit of open files is reached)", err)
	}
	var lim syscall.Rlimit
	if syscall.Getrlimit(syscall.RLIMIT_NOFILE, &lim) != nil {
		return fmt.Errorf("%w (out of file descriptors: the limit of open files, RLIMIT_NOFILE, is reached)", err)
	}
	return fmt.Errorf("%w (out of file descriptors: RLIMIT_NOFILE is %d open files; raise it with ulimit -n)", err, lim.Cur)
}
