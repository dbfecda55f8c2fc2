//go:build unix

package main

import (
	"os"
	"syscall"
)

// rssMeasured: wait4's rusage has the peak RSS.
const rssMeasured = true

// maxRSS is the peak RSS of a waited-for process and the children it
// waited for, in KiB.
func maxRSS(state *os.ProcessState) (int64, bool) {
	ru, ok := state.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0, false
	}
	return int64(ru.Maxrss), true
}
