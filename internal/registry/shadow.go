package registry

import (
	"os"
	"path/filepath"

	"github.com/hookexec/hookexec/internal/dirs"
	"github.com/hookexec/hookexec/internal/trust"
)

// missingGuards finds a trusted project whose guards are gone without a
// project file saying so (SPEC §2.4): with no discovered project
// file there is nothing for the trust gate to judge, so --untrusted deny
// had nothing to deny. It returns the path to list as untrusted and the
// warning, or "" when the project's guards are as trusted:
//
//   - the project is in the trust store but no longer matches any trusted
//     version (its hooks.json renamed or deleted): its .hookexec/ is
//     listed;
//   - the project is not trusted and a directory above it, where the
//     upward search would otherwise have stopped, is a trusted project (an
//     empty src/.hookexec/ below the trusted root): the nearer .hookexec/
//     is listed, since it shadows the trusted one's guards.
//
// project is the absolute project directory; getenv is SafeEnv's.
func missingGuards(project string, getenv func(string) string) (path, warning string) {
	dir := filepath.Join(project, dirs.Name)
	store := trust.OpenStore(getenv)
	d, _ := DecideTrust(project, getenv)
	if d.Trusted {
		return "", ""
	}
	if known(store, project) {
		return dir, "the trusted project's hook files are gone or changed (" + d.Why + "); its guards do not run: review it and run 'hookexec trust'"
	}
	if fi, err := os.Stat(dir); err != nil || !fi.IsDir() {
		return "", "" // no .hookexec/ here: nothing shadows anything
	}
	home := dirs.Home(getenv)
	for start := filepath.Dir(project); start != project; {
		above, ok := dirs.FindProject(start, home)
		if !ok {
			break
		}
		if known(store, above) {
			return dir, "this .hookexec/ is not trusted and shadows the trusted project " + above + " above it, whose guards do not run here: remove it, or give it hook files and trust it"
		}
		project, start = above, filepath.Dir(above)
	}
	return "", ""
}

// known reports whether the store has an entry for root (as given or with
// links resolved). A store that cannot be read knows nothing; the load's
// trust warning already says why.
func known(store trust.Store, root string) bool {
	if e, err := store.Load(root); e != nil && err == nil {
		return true
	}
	if real, err := filepath.EvalSymlinks(root); err == nil && real != root {
		e, err := store.Load(real)
		return e != nil && err == nil
	}
	return false
}

// discovered reports whether specs came from discovery (they include the
// project's candidate files).
func discovered(specs []fileSpec) bool {
	for _, s := range specs {
		if s.isProject() {
			return true
		}
	}
	return false
}

// root is the gate's project directory, absolute.
func (g *projectGate) root() string {
	if g.dir != "" {
		return g.dir
	}
	wd, _ := os.Getwd()
	return wd
}
