package server

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/hookexec/hookexec/internal/dirs"
)

// The files of the server Ensure starts, in the user's state directory.
const (
	LockFile = "serve.lock"
	LogFile  = "serve.log"
)

// StateFile is name in the user's state directory (dirs.UserState),
// which is made (0700) when missing under an anchor that exists.
func StateFile(getenv func(string) string, name string) (string, error) {
	dir, anchor := dirs.UserState(getenv)
	if dir == "" {
		return "", errors.New("no user state directory (set HOME or XDG_STATE_HOME)")
	}
	if fi, err := os.Stat(anchor); err != nil || !fi.IsDir() {
		return "", fmt.Errorf("no user state directory: %s is not a directory", anchor)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", fmt.Errorf("making the user state directory: %w", err)
	}
	return filepath.Join(dir, name), nil
}

// WithoutSessionVars is environ without SessionVars: the environment of a
// server that answers every session (serve --ensure starts it so).
func WithoutSessionVars(environ []string) []string {
	return newSessionFree(nil, environ).environ
}
