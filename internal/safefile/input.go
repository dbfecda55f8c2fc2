package safefile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

// OpenInput opens path, named by what (it starts every refusal: "decision
// log"), for reading a file hookexec keeps for itself (a log it reads
// back) where a repository or another process could have put something
// else: a symbolic link is not followed, and what is not a regular file (a
// FIFO, a device, a directory) is refused after an open that does not
// block, so a FIFO with no writer never hangs the reader. A missing file
// is an error wrapping fs.ErrNotExist.
func OpenInput(what, path string) (*os.File, fs.FileInfo, error) {
	f, err := OpenNoFollow(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	switch {
	case err == nil:
	case errors.Is(err, ErrSymlink):
		return nil, nil, fmt.Errorf("%s %s: is a symbolic link, which hookexec does not follow", what, path)
	default:
		return nil, nil, fmt.Errorf("%s: %w", what, err)
	}
	fi, err := f.Stat()
	if err != nil {
		_ = f.Close()
		return nil, nil, fmt.Errorf("%s: %w", what, err)
	}
	if !fi.Mode().IsRegular() {
		_ = f.Close()
		return nil, nil, fmt.Errorf("%s %s: is %s, not a regular file", what, path, kindOf(fi.Mode()))
	}
	return f, fi, nil
}
