package runner

import (
	"errors"
	"strconv"
	"syscall"
)

// signalGroup sends sig to every process of the group pgid. ESRCH (the
// group is gone) is not an error.
func signalGroup(pgid int, sig syscall.Signal) {
	_ = syscall.Kill(-pgid, sig)
}

// groupAlive reports whether any process of group pgid is still running.
// Zombies do not count: an orphaned member that exited may never be reaped
// when PID 1 of a container does not reap, and it can hold no pipe and run
// no code anyway.
func groupAlive(pgid int) bool {
	if err := syscall.Kill(-pgid, 0); errors.Is(err, syscall.ESRCH) {
		return false
	}
	procs, ok := listProcs()
	if !ok {
		return true // no process table: trust kill(2)
	}
	for _, p := range procs {
		if p.pgid == pgid && !p.zombie {
			return true
		}
	}
	return false
}

// procInfo is one process as the OS's process table shows it.
type procInfo struct {
	pid, ppid, pgid int
	zombie          bool // exited, not yet reaped
	// sid is the session; start the start time in clock ticks since boot,
	// which tells a process from a later one with the same pid. Both are
	// 0 where the OS's table does not say.
	sid   int
	start uint64
}

// signalName names sig the way hooks and users know it: "SIGSEGV".
func signalName(sig syscall.Signal) string {
	switch sig {
	case syscall.SIGHUP:
		return "SIGHUP"
	case syscall.SIGINT:
		return "SIGINT"
	case syscall.SIGQUIT:
		return "SIGQUIT"
	case syscall.SIGILL:
		return "SIGILL"
	case syscall.SIGTRAP:
		return "SIGTRAP"
	case syscall.SIGABRT:
		return "SIGABRT"
	case syscall.SIGBUS:
		return "SIGBUS"
	case syscall.SIGFPE:
		return "SIGFPE"
	case syscall.SIGKILL:
		return "SIGKILL"
	case syscall.SIGUSR1:
		return "SIGUSR1"
	case syscall.SIGSEGV:
		return "SIGSEGV"
	case syscall.SIGUSR2:
		return "SIGUSR2"
	case syscall.SIGPIPE:
		return "SIGPIPE"
	case syscall.SIGALRM:
		return "SIGALRM"
	case syscall.SIGTERM:
		return "SIGTERM"
	case syscall.SIGSTKFLT:
		return "SIGSTKFLT"
	case syscall.SIGCHLD:
		return "SIGCHLD"
	case syscall.SIGCONT:
		return "SIGCONT"
	case syscall.SIGSTOP:
		return "SIGSTOP"
	case syscall.SIGTSTP:
		return "SIGTSTP"
	case syscall.SIGTTIN:
		return "SIGTTIN"
	case syscall.SIGTTOU:
		return "SIGTTOU"
	case syscall.SIGURG:
		return "SIGURG"
	case syscall.SIGXCPU:
		return "SIGXCPU"
	case syscall.SIGXFSZ:
		return "SIGXFSZ"
	case syscall.SIGVTALRM:
		return "SIGVTALRM"
	case syscall.SIGPROF:
		return "SIGPROF"
	case syscall.SIGWINCH:
		return "SIGWINCH"
	case syscall.SIGIO:
		return "SIGIO"
	case syscall.SIGPWR:
		return "SIGPWR"
	case syscall.SIGSYS:
		return "SIGSYS"
	}
	if sig == 34 { // glibc's SIGRTMIN
		return "SIGRTMIN"
	}
	if sig > 34 && sig <= 64 {
		return "SIGRTMIN+" + strconv.Itoa(int(sig)-34)
	}
	return "SIG" + strconv.Itoa(int(sig))
}
