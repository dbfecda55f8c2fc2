package dirs

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/hookexec/hookexec/internal/agents"
)

// ProjectVars are the variables that name the project directory, in the
// order they are read: hookexec's own, then those the agents set for their
// hooks (agents.ProjectDirVars).
func ProjectVars() []string {
	return append([]string{"HOOKEXEC_PROJECT_DIR"}, agents.ProjectDirVars()...)
}

// ProjectRoot returns the project directory (SPEC §2.3, as docs/config.md
// "Where configs come from" amends it): flag (--project-dir), else the
// first of $HOOKEXEC_PROJECT_DIR, $CLAUDE_PROJECT_DIR, $GEMINI_PROJECT_DIR,
// $LLXPRT_PROJECT_DIR that is set. Without either it is found the way git
// finds a repository: the nearest directory holding .hookexec/, searched
// upward from inputCwd (the event input's "cwd", used only when it is an
// absolute path to an existing directory), then from the process's
// working directory (FindProject says where a search stops). When neither
// search finds one, it is inputCwd if usable, else the working directory.
// The result is absolute and clean; symlinks are not resolved. A nil
// getenv means os.Getenv.
//
// A relative inputCwd is never used: it would be resolved against
// hookexec's own working directory, so an input such as
// {"cwd": "../other-repo"} could pick another repository's .hookexec/ as
// the project.
func ProjectRoot(flag string, getenv func(string) string, inputCwd string) (string, error) {
	return projectRoot(flag, getenv, inputCwd, false)
}

// EventProjectRoot is ProjectRoot for a process whose working directory
// is not the agent's (serve, started once for every session): the event's
// cwd alone is searched, and the process's working directory only for an
// event without a usable cwd. One session's project never comes from
// where the server happens to run.
func EventProjectRoot(flag string, getenv func(string) string, inputCwd string) (string, error) {
	return projectRoot(flag, getenv, inputCwd, true)
}

func projectRoot(flag string, getenv func(string) string, inputCwd string, cwdOnly bool) (string, error) {
	if getenv == nil {
		getenv = os.Getenv
	}
	dir := flag
	for _, name := range ProjectVars() {
		if dir != "" {
			break
		}
		dir = getenv(name)
	}
	if dir != "" {
		abs, err := filepath.Abs(dir)
		if err != nil {
			return "", fmt.Errorf("dirs: project directory %q: %w", dir, err)
		}
		return abs, nil
	}
	var starts []string
	if filepath.IsAbs(inputCwd) {
		if fi, err := os.Stat(inputCwd); err == nil && fi.IsDir() {
			starts = append(starts, filepath.Clean(inputCwd))
		}
	}
	if !cwdOnly || len(starts) == 0 {
		wd, err := os.Getwd()
		if err != nil {
			return "", fmt.Errorf("dirs: project directory: %w", err)
		}
		starts = append(starts, wd)
	}
	home := Home(getenv)
	for _, start := range starts {
		if found, ok := FindProject(start, home); ok {
			return found, nil
		}
	}
	return starts[0], nil
}

// FindProject returns the nearest of start and its parents that holds a
// .hookexec directory. The search stops at the filesystem root, and, when
// start is home or inside it, at home: a directory above the user's home
// is never taken for the project of a directory inside it. start must be
// absolute and clean; home may be "".
func FindProject(start, home string) (string, bool) {
	bounded := home != "" && filepath.IsAbs(home) && Within(start, filepath.Clean(home))
	for dir := start; ; {
		if fi, err := os.Stat(filepath.Join(dir, Name)); err == nil && fi.IsDir() {
			return dir, true
		}
		parent := filepath.Dir(dir)
		if parent == dir || (bounded && samePath(dir, filepath.Clean(home))) {
			return "", false
		}
		dir = parent
	}
}

// Within reports whether dir is root or inside it; both must be clean.
// On Windows paths are compared without case.
func Within(dir, root string) bool {
	if samePath(dir, root) {
		return true
	}
	prefix := root
	if !strings.HasSuffix(prefix, string(filepath.Separator)) {
		prefix += string(filepath.Separator)
	}
	return len(dir) > len(prefix) && samePath(dir[:len(prefix)], prefix)
}

// samePath compares two clean paths, without case on Windows.
func samePath(a, b string) bool {
	if runtime.GOOS == "windows" {
		return strings.EqualFold(a, b)
	}
	return a == b
}

// ProjectAbove is the nearest directory above root holding .hookexec/,
// searched as FindProject searches (never above HOME from inside it): the
// project that held root's hooks before root had a .hookexec/ of its own.
func ProjectAbove(root string, getenv func(string) string) (string, bool) {
	home := Home(getenv)
	parent := filepath.Dir(root)
	if parent == root || (home != "" && filepath.Clean(home) == root) {
		return "", false
	}
	return FindProject(parent, home)
}
