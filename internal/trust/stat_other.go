//go:build !(linux || openbsd || solaris || illumos || darwin || freebsd || netbsd || dragonfly)

package trust

import "io/fs"

// Without a change time every pinned file is hashed each time.
func statOf(fs.FileInfo) (FileStat, bool) { return FileStat{}, false }
