package registry

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"syscall"

	"github.com/hookexec/hookexec/internal/safefile"
)

// Size limits of config files (SPEC §2.4): a discovered project file over
// MaxProjectFileBytes is skipped; any other file over MaxFileBytes is a
// read error. Neither is ever read past its limit, so /dev/zero costs
// nothing.
const (
	MaxProjectFileBytes = 4 << 20
	MaxFileBytes        = 64 << 20
)

// readProblem is why a file that exists was not read: it is not a regular
// file, too large, unreadable, or (for the user's own files) owned or
// writable by someone else.
type readProblem struct {
	msg    string
	unsafe bool // an ownership or mode problem (safefile.Unsafe)
	err    error
}

func (p *readProblem) Error() string { return p.msg }
func (p *readProblem) Unwrap() error { return p.err }

// read returns the file's contents (an inline config's data). A missing
// file is fs.ErrNotExist; a file that exists but may not be read is a
// *readProblem. Project files must be regular files (a symlink is not
// followed) of at most 4 MiB; every other file must be the user's or
// root's and writable by no one else (its owner's private group aside:
// safefile.CheckUserFile), and at most 64 MiB.
func (s fileSpec) read() ([]byte, error) {
	if s.inline != nil {
		return s.inline.Data, nil
	}
	project := s.isProject()
	// O_NONBLOCK: opening a FIFO with no writer must not hang.
	flags := os.O_RDONLY | syscall.O_NONBLOCK
	var f *os.File
	var err error
	if project {
		f, err = safefile.OpenNoFollow(s.path, flags, 0)
	} else {
		f, err = os.OpenFile(s.path, flags, 0)
	}
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		if project && errors.Is(err, safefile.ErrSymlink) {
			return nil, &readProblem{msg: "is a symbolic link; hookexec reads only regular files under .hookexec/", err: err}
		}
		return nil, &readProblem{msg: "cannot read file: " + unwrapPathError(err).Error(), err: err}
	}
	defer func() { _ = f.Close() }()
	fi, err := f.Stat()
	if err != nil {
		return nil, &readProblem{msg: "cannot read file: " + unwrapPathError(err).Error(), err: err}
	}
	limit := int64(MaxFileBytes)
	if project {
		limit = MaxProjectFileBytes
		if !fi.Mode().IsRegular() {
			return nil, &readProblem{msg: fmt.Sprintf("is not a regular file (%s)", kindOf(fi))}
		}
	} else if err := safefile.CheckUserFile(s.path, fi); err != nil {
		var u *safefile.Unsafe
		errors.As(err, &u)
		msg := "not trusted: " + u.Reason
		if u.Fix != "" {
			msg += " (run '" + u.Fix + "')"
		}
		return nil, &readProblem{msg: msg, unsafe: true, err: err}
	}
	if fi.Mode().IsDir() {
		return nil, &readProblem{msg: "cannot read file: is a directory"}
	}
	if fi.Mode().IsRegular() && fi.Size() > limit {
		return nil, &readProblem{msg: fmt.Sprintf("larger than %d MiB (%d bytes)", limit>>20, fi.Size())}
	}
	data, err := readAtMost(f, fi, limit)
	if err != nil {
		return nil, &readProblem{msg: "cannot read file: " + unwrapPathError(err).Error(), err: err}
	}
	if int64(len(data)) > limit {
		return nil, &readProblem{msg: fmt.Sprintf("larger than %d MiB", limit>>20)}
	}
	return data, nil
}

// isProject reports whether the file is a discovered project file (the
// project's own or one of its extensions), which trust governs.
func (s fileSpec) isProject() bool {
	return s.projectRel != ""
}

func kindOf(fi fs.FileInfo) string {
	switch m := fi.Mode(); {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeCharDevice != 0, m&fs.ModeDevice != 0:
		return "a device"
	case m&fs.ModeSocket != 0:
		return "a socket"
	default:
		return m.Type().String()
	}
}
