//go:build !unix && !windows

package safefile

import (
	"io/fs"
	"os"
)

// Without O_NOFOLLOW (Plan 9, WebAssembly) the link is refused by a check before the
// open.
func openNoFollow(path string, flag int, perm os.FileMode) (*os.File, error) {
	if fi, err := os.Lstat(path); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		return nil, &fs.PathError{Op: "open", Path: path, Err: ErrSymlink}
	}
	return os.OpenFile(path, flag, perm)
}
