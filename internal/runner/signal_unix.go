//go:build unix

package runner

import (
	"runtime"
	"strconv"
	"syscall"

	"golang.org/x/sys/unix"
)

// signalName names sig the way hooks and users know it: "SIGSEGV". The
// names are the OS's own (unix.SignalName); Linux's real-time signals are
// named as glibc numbers them ("SIGRTMIN", "SIGRTMIN+3"); anything else
// is "SIG<n>".
func signalName(sig syscall.Signal) string {
	if name := unix.SignalName(sig); name != "" {
		return name
	}
	if runtime.GOOS == "linux" {
		const rtmin, rtmax = 34, 64 // glibc's SIGRTMIN; the kernel's _NSIG
		switch {
		case sig == rtmin:
			return "SIGRTMIN"
		case sig > rtmin && sig <= rtmax:
			return "SIGRTMIN+" + strconv.Itoa(int(sig)-rtmin)
		}
	}
	return "SIG" + strconv.Itoa(int(sig))
}

// signalGroup sends sig to every process of the group pgid. ESRCH (the
// group is gone) is not an error.
func signalGroup(pgid int, sig syscall.Signal) {
	_ = syscall.Kill(-pgid, sig)
}
