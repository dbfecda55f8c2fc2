//go:build darwin || freebsd

package runner

import (
	"errors"

	"golang.org/x/sys/unix"
)

// listProcs reads the process table from sysctl kern.proc (no /proc on
// these systems). ok is false when it cannot be read or decoded; the tree
// walk (signalTree) then finds the group only and trusts kill(2).
func listProcs() ([]procInfo, bool) {
	// The table can grow between sysctl's size query and the read (ENOMEM).
	for range 5 {
		buf, err := unix.SysctlRaw(kinfoSysctl)
		if errors.Is(err, unix.ENOMEM) {
			continue
		}
		if err != nil {
			return nil, false
		}
		procs, err := decodeKinfo(buf, hostKinfo)
		if err != nil {
			return nil, false
		}
		return procs, true
	}
	return nil, false
}
