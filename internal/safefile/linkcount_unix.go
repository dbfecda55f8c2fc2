//go:build unix

package safefile

import (
	"io/fs"
	"os"
	"syscall"
)

// linkCount is the number of names (hard links) of the open file f.
func linkCount(_ *os.File, fi fs.FileInfo) (uint64, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false
	}
	return uint64(st.Nlink), true
}
