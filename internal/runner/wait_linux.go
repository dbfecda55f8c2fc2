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
	if fd, err := unix.PidfdOpen(proc.Pid, unix.PIDFD_NONBLOCK); err == nil {
		waitReadable(os.NewFile(uintptr(fd), "pidfd"))
	}
	return proc.Wait()
}

// waitReadable waits, in the netpoller, until the pidfd f says its process
// has exited, then closes f. On any error it returns at once: Wait blocks.
func waitReadable(f *os.File) {
	defer f.Close()
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
