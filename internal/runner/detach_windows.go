//go:build windows

package runner

import (
	"os"
	"syscall"

	"golang.org/x/sys/windows"
)

type sysProcAttr = syscall.SysProcAttr

// detachAttrs are the ways StartDetached starts a process, tried in order:
// in a process group of its own, without a console, and out of the
// caller's job object, so that an agent that ends the job it ran hookexec
// in does not take the process with it; where the job forbids breaking
// away, inside it.
func detachAttrs() []*sysProcAttr {
	base := uint32(windows.CREATE_NEW_PROCESS_GROUP | windows.DETACHED_PROCESS)
	return []*sysProcAttr{
		{CreationFlags: base | windows.CREATE_BREAKAWAY_FROM_JOB, HideWindow: true},
		{CreationFlags: base, HideWindow: true},
	}
}

// startOwn starts a process of this program's own (not a hook): Windows
// tracks hooks by their job objects, which it is not in.
func startOwn(path string, argv []string, attr *os.ProcAttr) (*os.Process, error) {
	return os.StartProcess(path, argv, attr)
}

func forgetOwn(int) {}
