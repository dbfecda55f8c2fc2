package runner

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
