//go:build linux || openbsd || solaris || illumos || darwin || freebsd || netbsd || dragonfly

package trust

import (
	"io/fs"
	"syscall"
)

func statOf(fi fs.FileInfo) (FileStat, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return FileStat{}, false
	}
	mtime, ctime := statTimes(st)
	return FileStat{Size: st.Size, Mtime: mtime, Ctime: ctime, Ino: uint64(st.Ino), Mode: uint32(st.Mode)}, true
}
