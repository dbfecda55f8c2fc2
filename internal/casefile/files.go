package casefile

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/hookexec/hookexec/internal/dirs"
)

// DefaultDir is where `hookexec test` looks for cases when given no path,
// relative to the project directory (next to .hookexec/hooks.json).
const DefaultDir = dirs.Name + "/tests"

// Files expands the arguments of `hookexec test` into case files, in
// argument order: a file stands for itself (whatever its name); a directory
// for its *.json files, sorted by name, not recursively.
func Files(paths []string) ([]string, error) {
	var out []string
	for _, p := range paths {
		fi, err := os.Stat(p)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, unwrapPath(err))
		}
		if !fi.IsDir() {
			out = append(out, p)
			continue
		}
		entries, err := os.ReadDir(p) // sorted by name
		if err != nil {
			return nil, fmt.Errorf("%s: %w", p, unwrapPath(err))
		}
		for _, e := range entries {
			if !strings.HasSuffix(e.Name(), ".json") {
				continue
			}
			file := filepath.Join(p, e.Name())
			if fi, err := os.Stat(file); err != nil || fi.IsDir() {
				continue // a directory or a dangling link named *.json
			}
			out = append(out, file)
		}
	}
	return out, nil
}

// unwrapPath drops the operation and path of an *os.PathError, which the
// message already names.
func unwrapPath(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

// ReadFile reads and parses one case file.
func ReadFile(file string) ([]Case, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, &Error{Pos: Position{File: file}, Msg: "cannot read: " + unwrapPath(err).Error()}
	}
	return Parse(file, data)
}
