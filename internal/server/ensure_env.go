package server

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/dirs"
	"github.com/hookexec/hookexec/internal/trust"
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

// SessionVars are the variables that belong to one agent session and must
// never reach a server that answers every session: every agent's project
// directory, marker, session id and working directory variables (the
// agents table), and HOOKEXEC_TRUST_PROJECT, a trust given for one run.
func SessionVars() []string {
	out := []string{trust.EnvVar}
	add := func(names ...string) {
		for _, n := range names {
			if n != "" && !slices.Contains(out, n) {
				out = append(out, n)
			}
		}
	}
	for _, a := range agents.All() {
		add(a.ProjectVar, a.SessionVar, a.CwdVar)
		add(a.Markers...)
	}
	return out
}

// WithoutSessionVars is environ without SessionVars (names compared as
// the system does: without case on Windows).
func WithoutSessionVars(environ []string) []string {
	drop := SessionVars()
	return slices.DeleteFunc(slices.Clone(environ), func(kv string) bool {
		name, _, _ := strings.Cut(kv, "=")
		return slices.ContainsFunc(drop, func(d string) bool { return sameVar(name, d) })
	})
}

func sameVar(a, b string) bool {
	if runtime.GOOS == "windows" {
		return strings.EqualFold(a, b)
	}
	return a == b
}
