package safefile

import (
	"errors"
	"io/fs"
	"os"
)

// ErrSymlink is OpenNoFollow's error for a path whose last element is a
// symbolic link.
var ErrSymlink = errors.New("is a symbolic link")

// OpenNoFollow is os.OpenFile that refuses a symbolic link as the last
// element of path (an error wrapping ErrSymlink), so that a repository
// cannot point a file hookexec reads or writes somewhere else. Where the
// kernel can (O_NOFOLLOW), the refusal is part of the open, so nothing can
// swap the file for a link between a check and the open.
func OpenNoFollow(path string, flag int, perm os.FileMode) (*os.File, error) {
	f, err := openNoFollow(path, flag, perm)
	if err != nil {
		if fi, lerr := os.Lstat(path); lerr == nil && fi.Mode()&fs.ModeSymlink != 0 {
			return nil, &fs.PathError{Op: "open", Path: path, Err: ErrSymlink}
		}
	}
	return f, err
}
