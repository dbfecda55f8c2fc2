package runner

import (
	"os"
	"os/signal"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"
)

// As subreaper, this process inherits every orphaned descendant of every
// hook, also the deliberate daemons of hooks that exited on their own. Each
// one that exits is reaped here, on SIGCHLD, so none stays a zombie (which
// would count against the user's process limit) for as long as hookexec
// runs, as it would under `serve`.

// startReaper reaps exited orphans on every SIGCHLD and on kick.
func (c *treeTable) startReaper() {
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, syscall.SIGCHLD)
	c.kicks = sigs
	go func() {
		for range sigs {
			c.reapOrphans()
		}
	}()
}

// kick makes the reaper look again: after a leader is reaped, zombies
// that waited behind it in the kernel's list become visible. kicks is read
// under mu, as adopt sets it: a detached process can be reaped while a
// hook's spawn adopts.
func (c *treeTable) kick() {
	c.mu.Lock()
	kicks := c.kicks
	c.mu.Unlock()
	if kicks == nil {
		return
	}
	select {
	case kicks <- syscall.SIGCHLD:
	default: // a look is already due
	}
}

// reapOrphans reaps exited children that are adopted orphans. The kernel
// shows one exited child at a time (waitid without reaping): when that one
// is a leader or a process of StartDetached, whose exit belongs to its
// waiter, or a child of other code in this process (in this process's
// session), the rest waits for the next SIGCHLD or kick.
func (c *treeTable) reapOrphans() {
	// As in scan: a leader is recorded before it can be looked at.
	c.spawnMu.Lock()
	defer c.spawnMu.Unlock()
	for {
		pid := exitedChild()
		if pid <= 0 {
			return
		}
		c.mu.Lock()
		leader := c.leaders[pid] != nil || c.isOwn(pid)
		c.mu.Unlock()
		if sid, err := unix.Getsid(pid); leader || err != nil || sid == c.sid {
			return
		}
		reapAdopted(pid)
	}
}

// childInfo is the start of Linux's siginfo_t as waitid fills it for a
// child: si_pid follows three ints and, on 64-bit systems, a padding int.
type childInfo struct {
	signo, errno, code int32
	_                  [unsafe.Sizeof(uintptr(0))/4 - 1]int32
	pid                int32
	_                  [128]byte // the rest of siginfo_t, and then some
}

// exitedChild is the pid of an exited, not yet reaped child, or 0.
func exitedChild() int {
	var info childInfo
	err := unix.Waitid(unix.P_ALL, 0, (*unix.Siginfo)(unsafe.Pointer(&info)), unix.WEXITED|unix.WNOHANG|unix.WNOWAIT, nil)
	if err != nil || info.signo == 0 {
		return 0
	}
	return int(info.pid)
}
