//go:build unix

package server

import (
	"io/fs"
	"syscall"
)

// fileUID is the owner of fi.
func fileUID(fi fs.FileInfo) (int, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false
	}
	return int(st.Uid), true
}

// openNonBlock keeps the open of a FIFO planted as the token from waiting
// for a writer.
const openNonBlock = syscall.O_NONBLOCK
