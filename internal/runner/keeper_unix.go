//go:build unix

package runner

import (
	"errors"
	"os"
	"syscall"
	"time"
)

// keeperNeeded: on Unix nothing else ends a killed server's hooks.
const keeperNeeded = true

// keeperID is what the keeper needs of a hook: its leader's pid (also its
// session and group) and start time. Only spawned hooks have one.
func keeperID(ctl control) (pid int, start uint64, ok bool) {
	g, ok := ctl.(*groupControl)
	if !ok || g.tree == nil {
		return 0, 0, false
	}
	return g.pgid, g.tree.start, true
}

// startKeeper starts the keeper in a session of its own (no signal to the
// server's group or terminal reaches it, and it is in no hook's group),
// recorded as a process of this program's own so that the tree tracking
// never takes it for a hook's orphan, with stdout and stderr on the null
// device. It returns the write end of its stdin, which only this process
// holds (os.Pipe is close-on-exec).
func startKeeper(path string, argv []string) (*os.File, error) {
	return startPiped(path, argv, &syscall.SysProcAttr{Setsid: true}, DetachOptions{})
}

// endHooks terminates hooks as a timeout does (terminate in run.go), with
// the same tree scan: SIGTERM and SIGCONT to each hook's group and every
// process found from its leader, in its group or not; SIGKILL to what is
// left after grace; then a bounded wait until nothing is left. The leaders
// are no longer this process's children: a scan finds them, and their
// descendants, by the process table and parent links.
func endHooks(hooks []keeperHook, grace time.Duration) error {
	// A table of its own, which adopts nothing: the hooks are not this
	// process's, and neither is any child it has (a test's).
	table := &treeTable{}
	trees := make([]*tree, 0, len(hooks))
	for _, h := range hooks {
		t := &tree{leader: h.pid, start: h.start, found: make(map[int]uint64)}
		trees = append(trees, t)
		table.signal(t, syscall.SIGTERM, syscall.SIGCONT)
	}
	alive := func(sigs ...syscall.Signal) bool {
		left := false
		for _, t := range trees {
			left = table.signal(t, sigs...) || left
		}
		return left
	}
	for deadline := time.Now().Add(grace); alive(); time.Sleep(pollInterval) {
		if time.Now().After(deadline) {
			break
		}
	}
	for deadline := time.Now().Add(killWait); alive(syscall.SIGKILL); time.Sleep(pollInterval) {
		if time.Now().After(deadline) {
			return errors.New("keeper: processes of hooks still alive after they were killed")
		}
	}
	return nil
}
