package runner

import (
	"os"

	"golang.org/x/sys/unix"
)

// awaitExit waits for proc to exit and reaps it. os.Process.Wait blocks an
// OS thread per waiting child (200 running hooks, 200 threads; under a low
// `ulimit -u` the Go runtime dies when it cannot create one). Here the wait
// is a pidfd in Go's netpoller, which holds no thread: it becomes readable
// when the process exits, and only then is the zombie reaped by Wait,
// which returns at once. Without pidfds (Linux before 5.3, or no descriptor
// left), Wait blocks as before.
func awaitExit(proc *os.Process) (*os.ProcessState, error) {
	if fd, err := openPidfd(proc.Pid); err == nil {
		waitReadable(os.NewFile(uintptr(fd), "pidfd"))
	}
	return proc.Wait()
}

// openPidfd opens a non-blocking pidfd for pid: PIDFD_NONBLOCK where the
// kernel has it (5.10), else O_NONBLOCK set afterwards (5.3 to 5.9).
func openPidfd(pid int) (int, error) { return openPidfdWith(unix.PidfdOpen, pid) }

// openPidfdWith is openPidfd with pidfd_open(2) given, for the tests.
func openPidfdWith(pidfdOpen func(pid, flags int) (int, error), pid int) (int, error) {
	fd, err := pidfdOpen(pid, unix.PIDFD_NONBLOCK)
	if err != unix.EINVAL {
		return fd, err
	}
	if fd, err = pidfdOpen(pid, 0); err != nil {
		return -1, err
	}
	if err := unix.SetNonblock(fd, true); err != nil {
		_ = unix.Close(fd)
		return -1, err
	}
	return fd, nil
}

// waitReadable waits, in the netpoller, until the pidfd f says its process
// has exited, then closes f. On any error it returns at once: Wait blocks.
func waitReadable(f *os.File) {
	defer func() { _ = f.Close() }()
	rc, err := f.SyscallConn()
	if err != nil {
		return
	}
	_ = rc.Read(func(fd uintptr) bool {
		// WNOWAIT: look, do not reap; the zombie stays for Wait. Linux
		// reports "not yet" as a zero si_signo, "exited" as SIGCHLD.
		var info unix.Siginfo
		err := unix.Waitid(unix.P_PIDFD, int(fd), &info, unix.WEXITED|unix.WNOHANG|unix.WNOWAIT, nil)
		return err != unix.EINTR && (err != nil || info.Signo != 0)
	})
}
