//go:build unix

package runner

import (
	"errors"
	"fmt"
	"syscall"

	"golang.org/x/sys/unix"
)

// spawnLimit returns err, explained, when a spawn failed because a limit
// on descriptors or processes was reached, and nil for any other error.
func spawnLimit(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, syscall.ENFILE):
		return fmt.Errorf("%w (the system-wide limit of open files is reached)", err)
	case errors.Is(err, syscall.EMFILE), errors.Is(err, syscall.EBADF):
		// On Linux, os.StartProcess reports EBADF for lack of
		// descriptors: the child moves a descriptor just above the
		// highest one it inherits, which fails when that is the last one
		// the limit allows.
		return fmt.Errorf("%w (out of file descriptors: %s)", err, rlimitText(unix.RLIMIT_NOFILE, "RLIMIT_NOFILE", " open files", "ulimit -n"))
	case errors.Is(err, syscall.EAGAIN):
		// fork fails with EAGAIN when the user's processes (threads
		// included) reach RLIMIT_NPROC, or a cgroup's pids.max.
		return fmt.Errorf("%w (out of processes: %s; or the cgroup's pids.max is reached)", err, rlimitText(unix.RLIMIT_NPROC, "RLIMIT_NPROC", " (this user's processes and threads)", "ulimit -u"))
	}
	return nil
}

// rlimitText says what the soft limit res is, and how to raise it.
func rlimitText(res int, name, unit, raise string) string {
	var lim unix.Rlimit
	if unix.Getrlimit(res, &lim) != nil || lim.Cur == unix.RLIM_INFINITY {
		return "the limit " + name + " is reached"
	}
	return fmt.Sprintf("%s is %d%s; raise it with %s", name, lim.Cur, unit, raise)
}
