package runner

import (
	"bytes"
	"errors"
	"fmt"
	"os"
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
	alive, ok := liveMemberInProc(pgid)
	if !ok {
		return true // no /proc: trust kill(2)
	}
	return alive
}

// liveMemberInProc scans /proc for a non-zombie process whose process
// group is pgid. ok is false when /proc cannot be read.
func liveMemberInProc(pgid int) (alive, ok bool) {
	entries, err := os.ReadDir("/proc")
	if err != nil {
		return false, false
	}
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		state, pgrp, err := procStat(pid)
		if err != nil {
			continue // exited meanwhile
		}
		if pgrp == pgid && state != 'Z' && state != 'X' {
			return true, true
		}
	}
	return false, true
}

// procStat returns the state and process group of pid from
// /proc/<pid>/stat: "pid (comm) state ppid pgrp ...", where comm may hold
// spaces and parentheses.
func procStat(pid int) (state byte, pgrp int, err error) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, 0, err
	}
	i := bytes.LastIndexByte(data, ')')
	if i < 0 {
		return 0, 0, fmt.Errorf("runner: malformed /proc/%d/stat", pid)
	}
	fields := bytes.Fields(data[i+1:])
	if len(fields) < 3 || len(fields[0]) != 1 {
		return 0, 0, fmt.Errorf("runner: malformed /proc/%d/stat", pid)
	}
	pgrp, err = strconv.Atoi(string(fields[2]))
	if err != nil {
		return 0, 0, fmt.Errorf("runner: malformed /proc/%d/stat: %w", pid, err)
	}
	return fields[0][0], pgrp, nil
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
