//go:build unix

package main

import (
	"os"
	"syscall"
)

// openNoFollow opens path without following a symbolic link in its last
// element: the kernel refuses one (O_NOFOLLOW), so nothing can swap the file
// for a link between a check and the open.
func openNoFollow(path string, flag int, perm os.FileMode) (*os.File, error) {
	return os.OpenFile(path, flag|syscall.O_NOFOLLOW, perm)
}
