package registry

import (
	"os"
	"path/filepath"

	"github.com/hookexec/hookexec/internal/dirs"
	"github.com/hookexec/hookexec/internal/trust"
)

// WatchPaths lists the files and directories whose changes can change what
// Load(opts) returns: every candidate config file (existing or not), the
// user's config file (its settings) besides explicit files, the
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
	if len(specs) > 0 && specs[0].explicit {
		// The user's settings are read from the user's file whichever
		// files are loaded (Settings).
		if u := userConfigFile(getenv); u != "" {
			paths = append(paths, u)
		}
	}
	if len(specs) > 0 && !specs[0].explicit {
		dir := opts.ProjectDir
		if dir == "" {
			dir = "."
		}
		paths = append(paths, filepath.Join(dir, dirs.Name), filepath.Join(dir, dirs.Name, "extensions"))
		if u := dirs.UserConfig(getenv); u != "" {
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

// TrustChanged reports whether the trust decision Load(opts) would make
// now is not the one reg was loaded with (Registry.Trust): a pinned file
// changed (a script a hook names, a link's target, any file under
// .hookexec/), or the store or HOOKEXEC_TRUST_PROJECT did. It decides with
// DecideTrust, the function Load uses, so a long-running caller (serve)
// decides before each event exactly as a one-shot fire would. The store's
// decision compares the status of each pinned file with the one recorded
// when it was trusted and hashes only what changed (SPEC §2.4). A
// registry loaded without a project file needs no decision: its project
// files' changes are WatchPaths'.
func TrustChanged(reg *Registry, opts Options) bool {
	if reg == nil || reg.Trust == nil {
		return false
	}
	getenv := opts.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	now, _ := DecideTrust(opts.ProjectDir, getenv)
	return !now.Same(reg.Trust)
}
