// Package progpath finds the program that a command names the way the OS
// runs it, on a PATH given as a value (a hook's own environment, not this
// process's): execvp's rules on Unix; PATH and PATHEXT on Windows, as
// os/exec does there. It only looks at files; it never runs anything.
// The runner uses it to start hooks, the registry to warn about hooks
// that could not start, so both agree on what a name means.
package progpath

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// ErrNotFound: no entry of the PATH holds the program.
var ErrNotFound = errors.New("is not found on PATH")

// Reasons a file is not a program (Check).
var (
	ErrNotExist      = errors.New("does not exist")
	ErrIsDir         = errors.New("is a directory")
	ErrNotExecutable = errors.New("is not executable")
)

const windows = runtime.GOOS == "windows"

// IsPath reports whether name names a file by its path, used as it is,
// rather than a program to look up on PATH: it has a slash (on Windows
// also a backslash or a colon, as in C:hook.exe).
func IsPath(name string) bool {
	if windows {
		return strings.ContainsAny(name, `/\:`)
	}
	return strings.Contains(name, "/")
}

// Find returns the file that name stands for. A path (IsPath) is checked
// where it is, on Windows with each extension of pathExt appended when
// it has none of them (Check says why it does not do). Any other name is
// looked up in the absolute entries of pathList (relative and empty
// entries are skipped, as os/exec refuses them too, and on Windows the
// current directory is not searched first): the first executable file
// wins, else the error is ErrNotFound.
func Find(name, pathList, pathExt string) (string, error) {
	if IsPath(name) {
		return withExt(name, pathExt)
	}
	for _, dir := range filepath.SplitList(pathList) {
		if !filepath.IsAbs(dir) {
			continue
		}
		if p, err := withExt(filepath.Join(dir, name), pathExt); err == nil {
			return p, nil
		}
	}
	return "", ErrNotFound
}

// Resolve is the path that a path name (IsPath) runs: on Windows the
// first of name and name+ext (for the extensions of pathExt) that is a
// program, else name as it is; on Unix always name.
func Resolve(name, pathExt string) string {
	if p, err := withExt(name, pathExt); err == nil {
		return p
	}
	return name
}

// withExt checks path, and on Windows path with the extensions of pathExt
// appended, returning the first that is a program. A path that already
// has an extension is tried first as it is (as os/exec does, so that
// "hook.bat.exe" is found too).
func withExt(path, pathExt string) (string, error) {
	if !windows {
		return path, Check(path)
	}
	exts := Extensions(pathExt)
	err := Check(path)
	if hasExt(path) {
		if err == nil {
			return path, nil
		}
	} else if err == nil {
		err = ErrNotExecutable // Windows runs only files with an extension it knows
	}
	for _, e := range exts {
		if Check(path+e) == nil {
			return path + e, nil
		}
	}
	return "", err
}

// Extensions are the file extensions that make a file a program on
// Windows, lower-cased with their dots, from a PATHEXT value (empty: the
// default .com, .exe, .bat, .cmd).
func Extensions(pathExt string) []string {
	var exts []string
	for _, e := range strings.Split(strings.ToLower(pathExt), ";") {
		if e = strings.TrimSpace(e); e == "" {
			continue
		}
		if e[0] != '.' {
			e = "." + e
		}
		exts = append(exts, e)
	}
	if len(exts) == 0 {
		exts = []string{".com", ".exe", ".bat", ".cmd"}
	}
	return exts
}

// hasExt reports whether the last element of path has an extension.
func hasExt(path string) bool {
	i := strings.LastIndex(path, ".")
	return i >= 0 && strings.LastIndexAny(path, `:\/`) < i
}

// Check reports why path is not a program that can be run, or nil: it
// does not exist, is a directory, or (on Unix) has no execute bit. On
// Windows any file counts; the extension decides (Find).
func Check(path string) error {
	fi, err := os.Stat(path)
	switch {
	case err != nil:
		return ErrNotExist
	case fi.IsDir():
		return ErrIsDir
	case !windows && fi.Mode().Perm()&0o111 == 0:
		return ErrNotExecutable
	}
	return nil
}
