//go:build unix && !linux

package runner

import "syscall"

// procStat gives the tests the state and process group of pid where there
// is no /proc: from listProcs, with 'Z' for a zombie and 'S' otherwise.
func procStat(pid int) (state byte, pgrp int, err error) {
	procs, ok := listProcs()
	if !ok {
		return 0, 0, syscall.ENOSYS
	}
	for _, p := range procs {
		if p.pid == pid {
			if p.zombie {
				return 'Z', p.pgid, nil
			}
			return 'S', p.pgid, nil
		}
	}
	return 0, 0, syscall.ESRCH
}
