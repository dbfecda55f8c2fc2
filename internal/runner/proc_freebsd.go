package runner

import (
	"errors"

	"golang.org/x/sys/unix"
)

// listProcs reads the process table from sysctl kern.proc.proc (every
// process, not every thread; no /proc on FreeBSD). x/sys/unix has no
// kinfo_proc for FreeBSD, so the records are decoded here (kinfo.go). ok
// is false when the table cannot be read or decoded; the tree walk
// (signalTree) then finds the group only and trusts kill(2).
func listProcs() ([]procInfo, bool) {
	// The table can grow between sysctl's size query and the read (ENOMEM).
	for range 5 {
		buf, err := unix.SysctlRaw("kern.proc.proc")
		if errors.Is(err, unix.ENOMEM) {
			continue
		}
		if err != nil {
			return nil, false
		}
		procs, err := decodeKinfo(buf, freebsdKinfo64)
		if err != nil {
			return nil, false
		}
		return procs, true
	}
	return nil, false
}
