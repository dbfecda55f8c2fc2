package casefile

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"

	"github.com/hookexec/hookexec/internal/dirs"
)

// Collect expands paths (default: the project's .hookexec/tests, the
// project found from projectDir and getenv as fire finds it) into case
// files and parses them all through a Gate, so that a malformed or
// untrusted file stops the run before any hook runs.
func Collect(paths []string, projectDir string, getenv func(string) string) ([]Case, error) {
	if len(paths) == 0 {
		project, err := dirs.ProjectRoot(projectDir, getenv, "")
		if err != nil {
			return nil, err
		}
		dir := filepath.Join(project, DefaultDir)
		if _, err := os.Stat(dir); err != nil {
			return nil, fmt.Errorf("no test cases: %s does not exist (name case files or directories)", dir)
		}
		paths = []string{dir}
	}
	files, err := Files(paths)
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no case files (*.json) in %v", paths)
	}
	// Project case files run only when their project is trusted.
	gate := &Gate{Getenv: getenv}
	var cases []Case
	for _, file := range files {
		cs, err := gate.ReadFile(file)
		if err != nil {
			return nil, err
		}
		cases = append(cases, cs...)
	}
	if len(cases) == 0 {
		return nil, fmt.Errorf("no test cases in %v", paths)
	}
	return cases, nil
}

// Filter keeps the cases whose name re matches (test --run).
func Filter(cases []Case, re *regexp.Regexp) []Case {
	var out []Case
	for _, c := range cases {
		if re.MatchString(c.Name) {
			out = append(out, c)
		}
	}
	return out
}
