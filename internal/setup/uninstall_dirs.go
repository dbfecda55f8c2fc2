package setup

import (
	"os"
	"path/filepath"

	agentdesc "github.com/hookexec/hookexec/internal/agents/agent"
)

// pruneDirs removes the directories of the agent's settings path that are
// empty once uninstall is done (the .cursor/ or .github/hooks/ that
// install created), from the file's directory (the scripts directory
// itself for LayoutScripts) up to, not including, base: the project or
// the home directory. A directory that holds anything stays, so one that
// existed before install with something in it is never removed; nothing
// is removed when path is not under base (an agent home that a variable
// names elsewhere).
func pruneDirs(ag Agent, path, base string) {
	if base == "" {
		return
	}
	dir := filepath.Dir(path)
	if ag.Layout == agentdesc.LayoutScripts {
		dir = path
	}
	base = filepath.Clean(base)
	for filepath.Clean(dir) != base && within(filepath.Clean(dir), []string{base}) {
		if os.Remove(dir) != nil {
			return
		}
		dir = filepath.Dir(dir)
	}
}

// uninstallBase is the directory pruneDirs stops at for scope: the
// project directory, or the home directory.
func uninstallBase(opts UninstallOptions) string {
	if opts.Scope == ProjectScope {
		return opts.ProjectDir
	}
	home, _ := HomeDir(opts.Getenv)
	return home
}
