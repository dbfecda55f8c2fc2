package registry

import (
	"fmt"
	"os"
	"path/filepath"
)

// ResolveProjectDir returns the project directory (SPEC §2.3): the first of
// flag (--project-dir), $HOOKEXEC_PROJECT_DIR, $CLAUDE_PROJECT_DIR,
// $GEMINI_PROJECT_DIR, $LLXPRT_PROJECT_DIR, inputCwd (the event input's
// "cwd") if it is an absolute path to an existing directory, and the
// process's working directory. The result is absolute and clean; symlinks
// are not resolved. A nil getenv means os.Getenv.
//
// A relative inputCwd is never used: it would be resolved against
// hookexec's own working directory, so an input such as
// {"cwd": "../other-repo"} could pick another repository's .hookexec/ as
// the project.
func ResolveProjectDir(flag string, getenv func(string) string, inputCwd string) (string, error) {
	if getenv == nil {
		getenv = os.Getenv
	}
	dir := flag
	for _, name := range []string{"HOOKEXEC_PROJECT_DIR", "CLAUDE_PROJECT_DIR", "GEMINI_PROJECT_DIR", "LLXPRT_PROJECT_DIR"} {
		if dir != "" {
			break
		}
		dir = getenv(name)
	}
	if dir == "" && filepath.IsAbs(inputCwd) {
		if fi, err := os.Stat(inputCwd); err == nil && fi.IsDir() {
			dir = inputCwd
		}
	}
	if dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return "", fmt.Errorf("registry: project directory: %w", err)
		}
		return wd, nil
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("registry: project directory %q: %w", dir, err)
	}
	return abs, nil
}
