package main

import (
	"errors"
	"fmt"
	"os"

	"github.com/hookexec/hookexec/internal/trust"
)

// openOutput opens path, named by flag (--log-file, --trace), for writing
// a log or trace, with os.O_WRONLY|os.O_CREATE and extra (os.O_APPEND or
// os.O_TRUNC). It never follows a symbolic link at path, so a repository
// cannot point hookexec.log at ~/.bashrc, and a new file is created 0600:
// logs and traces hold commands, paths and hook output.
func openOutput(flag, path string, extra int) (*os.File, error) {
	f, err := trust.OpenNoFollow(path, os.O_WRONLY|os.O_CREATE|extra, 0o600)
	switch {
	case err == nil:
		return f, nil
	case errors.Is(err, trust.ErrSymlink):
		return nil, fmt.Errorf("%s %s: is a symbolic link, which hookexec does not follow; give the path of a regular file", flag, path)
	}
	return nil, fmt.Errorf("%s: %w", flag, err)
}
