//go:build !unix

package registry

import (
	"errors"
	"io/fs"
	"os"
)

var errSymlink = errors.New("symbolic link")

// openConfig opens a config file; a project file that is a symbolic link
// is refused (checked with Lstat, as there is no O_NOFOLLOW).
func openConfig(path string, project bool) (*os.File, error) {
	if project {
		if fi, err := os.Lstat(path); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
			return nil, &fs.PathError{Op: "open", Path: path, Err: errSymlink}
		}
	}
	return os.Open(path)
}

func isLoop(err error) bool { return errors.Is(err, errSymlink) }
