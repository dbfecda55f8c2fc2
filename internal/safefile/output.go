package safefile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

// OpenOutput opens path, named by flag (--log-file, --trace: it starts
// every error), for writing a log or trace, with os.O_WRONLY|os.O_CREATE
// and extra (os.O_APPEND or os.O_TRUNC). A repository-controlled path must
// not let hookexec write into, or truncate, a file elsewhere, so OpenOutput
//   - never follows a symbolic link at path (hookexec.log -> ~/.bashrc);
//   - refuses a file with more than one hard link (a hard link to
//     ~/.bashrc is the same file under another name), checked on the open
//     file before anything is written or truncated: O_TRUNC is applied
//     only after the check;
//   - refuses what is not a regular file, opening without blocking (a FIFO
//     with no reader would hang the event).
//
// A new file is created 0600: logs and traces hold commands, paths and
// hook output.
func OpenOutput(flag, path string, extra int) (*os.File, error) {
	truncate := extra&os.O_TRUNC != 0
	f, err := OpenNoFollow(path, os.O_WRONLY|os.O_CREATE|syscall.O_NONBLOCK|extra&^os.O_TRUNC, 0o600)
	switch {
	case err == nil:
	case errors.Is(err, ErrSymlink):
		return nil, fmt.Errorf("%s %s: is a symbolic link, which hookexec does not follow; give the path of a regular file", flag, path)
	default:
		return nil, fmt.Errorf("%s: %w", flag, err)
	}
	if err := checkOutput(f); err != nil {
		_ = f.Close()
		return nil, fmt.Errorf("%s %s: %w", flag, path, err)
	}
	if truncate {
		if err := f.Truncate(0); err != nil {
			_ = f.Close()
			return nil, fmt.Errorf("%s: %w", flag, err)
		}
	}
	return f, nil
}

// checkOutput refuses an opened output file that is not a regular file or
// that has other names (hard links).
func checkOutput(f *os.File) error {
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("is %s, not a regular file; give the path of a regular file", kindOf(fi.Mode()))
	}
	if n, ok := linkCount(f, fi); ok && n > 1 {
		return fmt.Errorf("has %d hard links, so writing to it would change another file too; give the path of a file with one name", n)
	}
	return nil
}

// kindOf names a file type that is not a regular file.
func kindOf(m fs.FileMode) string {
	switch {
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	case m.IsDir():
		return "a directory"
	}
	return "a special file"
}
