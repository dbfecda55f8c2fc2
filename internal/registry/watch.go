package registry

import (
	"path/filepath"

	"github.com/hookexec/hookexec/internal/trust"
)

// WatchPaths lists the files and directories whose changes can change what
// Load(opts) returns: every candidate config file (existing or not), the
// directories whose entries discovery lists, and, when project files are
// candidates, the trust store directory (entries are written by rename,
// which changes it). A long-running caller (serve) stats them to decide
// when to load again. An error is a discovery error: Load would fail too.
func WatchPaths(opts Options) ([]string, error) {
	specs, getenv, _, err := opts.resolve()
	if err != nil {
		return nil, err
	}
	var paths []string
	project := false
	for _, s := range specs {
		if s.inline != nil {
			continue
		}
		paths = append(paths, s.path)
		project = project || s.isProject()
	}
	if len(specs) > 0 && !specs[0].explicit {
		dir := opts.ProjectDir
		if dir == "" {
			dir = "."
		}
		paths = append(paths, filepath.Join(dir, trust.DirName), filepath.Join(dir, trust.DirName, "extensions"))
		if u := userConfigDir(getenv); u != "" {
			paths = append(paths, u, filepath.Join(u, "extensions"))
		}
		project = true
	}
	if project {
		if d := trust.OpenStore(getenv).Dir; d != "" {
			paths = append(paths, d)
		}
	}
	return paths, nil
}
