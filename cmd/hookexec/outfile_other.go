//go:build !unix

package main

import (
	"errors"
	"os"
)

// openNoFollow opens path unless its last element is a symbolic link.
// Without O_NOFOLLOW (Windows) it is a check before the open.
func openNoFollow(path string, flag int, perm os.FileMode) (*os.File, error) {
	if fi, err := os.Lstat(path); err == nil && fi.Mode()&os.ModeSymlink != 0 {
		return nil, &os.PathError{Op: "open", Path: path, Err: errors.New("is a symbolic link")}
	}
	return os.OpenFile(path, flag, perm)
}
