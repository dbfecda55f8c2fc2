package runner

import (
	"golang.org/x/sys/unix"
)

// enableSubreaper makes this process the parent of every orphaned
// descendant (PR_SET_CHILD_SUBREAPER), instead of init, so that a hook's
// double-forked daemon can still be found and killed.
func enableSubreaper() bool {
	return unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == nil
}

// ticksPerSecond is USER_HZ, the unit of start times in /proc/<pid>/stat:
// 100 on every Linux architecture Go supports.
const ticksPerSecond = 100

// nowTicks is the current time in the clock of /proc start times (boot
// time, in ticks).
func nowTicks() uint64 {
	var ts unix.Timespec
	if unix.ClockGettime(unix.CLOCK_BOOTTIME, &ts) != nil {
		return 0
	}
	return uint64(ts.Sec)*ticksPerSecond + uint64(ts.Nsec)/(1e9/ticksPerSecond)
}

// procStart is pid's start time (0 if it cannot be read).
func procStart(pid int) uint64 {
	p, err := readProcStat(pid)
	if err != nil {
		return 0
	}
	return p.start
}

// reapAdopted reaps the adopted orphan pid if it has exited. It waits for
// that pid only, never for any child: the leaders' exits belong to
// os.Process.Wait.
func reapAdopted(pid int) {
	var ws unix.WaitStatus
	_, _ = unix.Wait4(pid, &ws, unix.WNOHANG, nil)
}

// ownSession is this process's session id.
func ownSession() int {
	sid, _ := unix.Getsid(0)
	return sid
}
