package runner

import (
	"errors"
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
	return hostProcTable().groupAlive(pgid)
}

// procTable is what groupAlive asks the OS: kill(2)'s probe of a group and
// the process table. Tests replace both.
type procTable struct {
	probe func(pgid int) error      // kill(-pgid, 0)
	list  func() ([]procInfo, bool) // ok false: no table on this system
}

// hostProcTable is this system's process table.
func hostProcTable() procTable {
	return procTable{
		probe: func(pgid int) error { return syscall.Kill(-pgid, 0) },
		list:  listProcs,
	}
}

func (t procTable) groupAlive(pgid int) bool {
	if err := t.probe(pgid); errors.Is(err, syscall.ESRCH) {
		return false
	}
	procs, ok := t.list()
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
