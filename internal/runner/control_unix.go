//go:build unix

package runner

import (
	"os"
	"syscall"
	"time"
)

// killWait bounds the wait for a group to vanish after SIGKILL (a process
// in uninterruptible sleep dies only when it wakes up).
const killWait = 2 * time.Second

// groupControl is a hook on Unix: its process group (the leader started
// a new session, so the group's id is the leader's pid) and its process
// tree (tree_unix.go), which also holds the members that left the group.
type groupControl struct {
	pgid int
	tree *tree
}

// startHook starts the leader in a new session (its own process group, no
// controlling terminal) and records it in the process-wide tree table.
func startHook(path string, argv []string, attr *os.ProcAttr) (*os.Process, control, error) {
	attr.Sys = &syscall.SysProcAttr{Setsid: true}
	children.spawnMu.RLock()
	proc, err := os.StartProcess(path, argv, attr)
	var t *tree
	if err == nil {
		t = children.add(proc.Pid)
	}
	children.spawnMu.RUnlock()
	if err != nil {
		return nil, nil, err
	}
	return proc, &groupControl{pgid: proc.Pid, tree: t}, nil
}

// adoptOrphans makes this process adopt orphaned descendants where the OS
// can (once per process; later calls change nothing).
func adoptOrphans() { children.adopt() }

// leaderReaped is called when a leader has been reaped: the reaper of
// adopted orphans looks again, as zombies that waited behind the leader in
// the kernel's list become visible.
func leaderReaped() { children.kick() }

func (g *groupControl) stop() bool {
	children.terminating(g.tree)
	// SIGCONT: a stopped process must see the TERM.
	signalTree(g.tree, syscall.SIGTERM, syscall.SIGCONT)
	return true
}

func (g *groupControl) kill() bool {
	children.terminating(g.tree)
	return signalTree(g.tree, syscall.SIGKILL)
}

func (g *groupControl) alive() bool { return signalTree(g.tree) }

func (g *groupControl) killFast() { _ = syscall.Kill(-g.pgid, syscall.SIGKILL) }

func (g *groupControl) finish(left bool) { children.finish(g.tree, left) }
