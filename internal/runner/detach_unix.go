//go:build unix

package runner

import (
	"os"
	"syscall"
)

type sysProcAttr = syscall.SysProcAttr

// detachAttrs are the ways StartDetached starts a process, tried in order:
// in a session of its own, so that no signal to the caller's process group
// or terminal reaches it.
func detachAttrs() []*sysProcAttr {
	return []*sysProcAttr{{Setsid: true}}
}

// startOwn starts a process of this program's own (not a hook) and records
// it, so that the tree scan and the reaper of adopted orphans leave it to
// its waiter.
func startOwn(path string, argv []string, attr *os.ProcAttr) (*os.Process, error) {
	children.spawnMu.RLock()
	defer children.spawnMu.RUnlock()
	proc, err := os.StartProcess(path, argv, attr)
	if err == nil {
		children.addOwn(proc.Pid)
	}
	return proc, err
}

// forgetOwn is called once a process of startOwn is reaped.
func forgetOwn(pid int) {
	children.forgetOwn(pid)
	children.kick()
}
