package setup

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	agentdesc "github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/progpath"
)

// Which file install --project writes, and what its entries run (issue
// 22 §4): a project's settings file is usually committed, and this
// machine's path to hookexec means nothing on a teammate's machine.
//
//   - default, for an agent with an uncommitted settings file
//     (Agent.LocalProjectFile): the absolute path, in that file; the
//     committed file's hookexec entries (an older install's) are taken out.
//   - --portable, only where the agent has a fail-closed option
//     (Agent.OnFailure): "hookexec" by name, found on the PATH the agent
//     gives its hooks, in the committed file, each entry with "onFailure":
//     "block" where the agent applies it, so that a teammate without
//     hookexec on that PATH gets blocked actions, never unguarded ones.
//   - an agent without an uncommitted file: the absolute path in the
//     committed file, with a warning not to commit it.

// PortableProgram is what install --portable's entries run: hookexec by
// name, looked up on the PATH the agent gives its hooks.
const PortableProgram = "hookexec"

// localPath is the agent's uncommitted settings file in the project, ""
// when it has none.
func localPath(ag Agent, projectDir string) string {
	if ag.LocalProjectFile == "" {
		return ""
	}
	return filepath.Join(projectDir, filepath.FromSlash(ag.LocalProjectFile))
}

// installPaths are the settings file install writes, and the other files
// whose hookexec entries it takes out so that one set of entries runs:
// under the default and --http (both write the project's uncommitted
// file) the committed one, under --portable the uncommitted one, under
// --user both of the project's (a user install runs in every project).
func installPaths(opts InstallOptions) (path string, others []string, err error) {
	path, err = settingsPathFor(opts.Agent, opts.Scope, opts.ProjectDir, opts.Getenv)
	if err != nil {
		return "", nil, err
	}
	local := localPath(opts.Agent, opts.ProjectDir)
	if opts.Scope == UserScope {
		if opts.ProjectDir == "" || !opts.Agent.HasScope(ProjectScope) {
			return path, nil, nil
		}
		for _, p := range settingsPaths(opts.Agent, ProjectScope, opts.ProjectDir, "", opts.Getenv) {
			if p != path && opts.Agent.Layout != agentdesc.LayoutScripts && opts.Agent.Layout != agentdesc.LayoutTOML {
				others = append(others, p)
			}
		}
		return path, others, nil
	}
	switch {
	case local == "" || local == path:
		return path, nil, nil
	case opts.Portable:
		return path, []string{local}, nil
	}
	return local, []string{path}, nil
}

// entryProgram is the program install's entries run: this binary's
// absolute path, or with --portable hookexec by name.
func entryProgram(opts InstallOptions) string {
	if opts.Portable {
		return PortableProgram
	}
	return opts.Program
}

// checkTarget refuses what would put a secret or a machine's path where
// it does not belong, or a portable entry that could fail open.
func checkTarget(opts InstallOptions) error {
	ag := opts.Agent
	if opts.HTTP != nil && opts.Scope == ProjectScope && ag.LocalProjectFile == "" {
		return fmt.Errorf("setup: install --http --project: %s has no uncommitted project settings file for the serve token; install with --http --user", ag.Title)
	}
	if !opts.Portable {
		return nil
	}
	switch {
	case opts.Scope == UserScope:
		return fmt.Errorf("setup: --portable is for --project: your user settings are not shared, and --user's absolute path works whatever PATH %s gives its hooks; install with --user alone", ag.Title)
	case opts.HTTP != nil:
		return fmt.Errorf("setup: --portable with --http: install --http's entries and token go into the project's uncommitted settings file; choose one")
	case !ag.OnFailure:
		return fmt.Errorf("setup: install --portable: %s has no fail-closed option for a hook that cannot start (as Claude Code's \"onFailure\": \"block\"), so a teammate without hookexec on PATH would work unguarded, without a word; %s", ag.Title, notPortable(ag))
	case opts.FailOpen:
		return fmt.Errorf("setup: --portable with --fail-open: a portable entry is safe only with \"onFailure\": \"block\" (a teammate without hookexec on PATH gets blocked actions instead of unguarded ones); drop --fail-open, or install without --portable")
	}
	return nil
}

// notPortable is what to do instead of --portable for ag.
func notPortable(ag Agent) string {
	if ag.LocalProjectFile != "" {
		return fmt.Sprintf("install %s --project without --portable (this machine's path, in the uncommitted %s) on each machine", ag.Name, ag.LocalProjectFile)
	}
	return fmt.Sprintf("install %s --user on each machine (your own settings, never committed), or --project and do not commit the file", ag.Name)
}

// targetNotes are what install says about the file it wrote: whether it
// may be committed, and what a teammate needs. warnings need action.
// ignore is the uncommitted settings file (relative to the project) that
// no .gitignore of the git repository ignores yet: install adds it to
// .gitignore once the file is written (ignoreTarget), as init adds its own.
func targetNotes(opts InstallOptions, path string) (warnings, notes []string, ignore string, err error) {
	ag := opts.Agent
	if opts.Scope != ProjectScope {
		return nil, nil, "", nil
	}
	rel := ag.LocalProjectFile
	if r, err := filepath.Rel(opts.ProjectDir, path); err == nil {
		rel = filepath.ToSlash(r)
	}
	switch {
	case opts.Portable:
		found, err := progpath.Find(PortableProgram, opts.Getenv("PATH"), opts.Getenv("PATHEXT"))
		if err != nil {
			return nil, nil, "", fmt.Errorf("setup: install --portable: hookexec is not found on PATH, so the entries would run nothing here: put it on PATH (make install, or go install ./cmd/hookexec), or install without --portable")
		}
		if abs, err := filepath.Abs(found); err == nil {
			if why := projectControl(abs, opts.ProjectDir); why != "" {
				return nil, nil, "", fmt.Errorf("setup: install --portable: hookexec on PATH: %s, so the repository decides what runs: put a hookexec installed outside the project first on PATH, or install without --portable", why)
			}
		}
		if !sameFile(found, opts.Program) {
			warnings = append(warnings, fmt.Sprintf("hookexec on PATH is %s, not this binary (%s): %s runs that one; 'hookexec doctor' checks its version", found, opts.Program, ag.Title))
		}
		notes = append(notes, fmt.Sprintf("%s runs hookexec by name: commit it; each teammate needs this hookexec version on the PATH %s gives its hooks (where it is missing, the actions are blocked; 'hookexec doctor' says so)", rel, ag.Title))
	case opts.HTTP != nil:
		if w := ignoreWarning(opts.ProjectDir, path, "the serve token"); w != "" {
			ignore = rel
		}
	case ag.LocalProjectFile != "":
		if w := ignoreWarning(opts.ProjectDir, path, "this machine's path to hookexec"); w != "" {
			ignore = rel
		}
		notes = append(notes, fmt.Sprintf("%s is this machine's own (not committed): each teammate runs this install, or commit entries with --portable", rel))
	default:
		warnings = append(warnings, fmt.Sprintf("%s now holds this machine's path to hookexec, which a teammate's machine does not have: do not commit it, or install %s --user instead (your own settings, never committed); %s has no uncommitted project settings file", rel, ag.Name, ag.Title))
	}
	if w := userInstalled(opts); w != "" {
		warnings = append(warnings, w)
	}
	return warnings, notes, ignore, nil
}

// ignoreTarget adds rel, the uncommitted settings file install wrote, to
// the project's .gitignore (targetNotes' ignore), so that this machine's
// path or the serve token is never committed by accident: a note says it
// was added; a .gitignore install cannot write, the warning that says
// what to add. Under --dry-run it only says it would.
func ignoreTarget(opts InstallOptions, rel string) (warning, note string) {
	if opts.DryRun {
		return "", "would add " + rel + " to .gitignore (it is this machine's own)"
	}
	r, err := appendIgnore(opts.ProjectDir, rel, func([]byte) bool { return false }, "install")
	if err != nil || r.Status == Skipped {
		return fmt.Sprintf("no .gitignore of the project ignores %s and install could not add it (.gitignore: %s): add %s to .gitignore so that it is never committed", rel, ignoreWhy(r, err), rel), ""
	}
	return "", "added " + rel + " to .gitignore (it is this machine's own: never commit it)"
}

// ignoreWhy is why appendIgnore did not add the line.
func ignoreWhy(r FileResult, err error) string {
	if err != nil {
		return err.Error()
	}
	return r.Note
}

// userInstalled warns, for a project install, when the user's settings
// run hookexec too: the agent then runs every policy twice in this
// project. install leaves them (they guard every other project).
func userInstalled(opts InstallOptions) string {
	home, err := HomeDir(opts.Getenv)
	if err != nil || !opts.Agent.HasScope(UserScope) {
		return ""
	}
	path := agentSettingsPath(opts.Agent, UserScope, "", home, opts.Getenv)
	if as, err := readInstalled(opts.Agent, UserScope, path, opts.Program); err != nil || !as.managed() {
		return ""
	}
	return fmt.Sprintf("hookexec is also installed in %s, so %s runs every policy twice in this project: keep one, 'hookexec uninstall %s --user' or this install's 'hookexec uninstall %s'", path, opts.Agent.Title, opts.Agent.Name, opts.Agent.Name)
}

// otherDuplicates are the policies that run twice through the agent's own
// hooks in another of its settings files (duplicateRuns), which the agent
// runs as well as the file install wrote.
func otherDuplicates(opts InstallOptions, path string, pol *Policies) []string {
	f, err := readSettingsFile(path)
	if err != nil || !f.Exists {
		return nil
	}
	doc, err := parseSettings(opts.Agent, f.Data, opts.Program)
	if err != nil {
		return nil
	}
	return duplicateRuns(opts.Agent, doc, f.Real, pol)
}

// wouldTakeOut is takeOutOf's message under --dry-run: the events whose
// hookexec entries install would take out of path.
func wouldTakeOut(opts InstallOptions, path string) []string {
	f, err := readSettingsFile(path)
	if err != nil || !f.Exists {
		return nil
	}
	doc, err := parseSettings(opts.Agent, f.Data, opts.Program)
	if err != nil {
		return nil
	}
	var keys []string
	for _, e := range doc.entries() {
		if e.managed() && !slices.Contains(keys, e.Key) {
			keys = append(keys, e.Key)
		}
	}
	if len(keys) == 0 {
		return nil
	}
	return []string{fmt.Sprintf("would take hookexec's entries for %s out of %s", strings.Join(keys, ", "), path)}
}

// committedAdvice ends takeOutOf's message for the project's committed
// file ("" for another): entries with a machine's path (an earlier
// install's) are to go from the commit too; entries that run hookexec by
// name are --portable's, which a team may share, so the way back is said.
func committedAdvice(opts InstallOptions, path string) string {
	if opts.Agent.LocalProjectFile == "" || path == localPath(opts.Agent, opts.ProjectDir) || path != agentSettingsPath(opts.Agent, ProjectScope, opts.ProjectDir, "", opts.Getenv) {
		return ""
	}
	f, err := readSettingsFile(path)
	if err != nil || !f.Exists {
		return ""
	}
	doc, err := parseSettings(opts.Agent, f.Data, opts.Program)
	if err != nil {
		return ""
	}
	for _, e := range doc.entries() {
		if e.IsFire && e.Fire.Managed && !progpath.IsPath(e.Fire.Program) {
			rel := path
			if r, err := filepath.Rel(opts.ProjectDir, path); err == nil {
				rel = filepath.ToSlash(r)
			}
			return fmt.Sprintf(", the committed file, where they ran hookexec by name (--portable's): if your team shares them, keep them ('git checkout %s') and run 'hookexec install %s --portable' instead", rel, opts.Agent.Name)
		}
	}
	return ", the committed file (an earlier install's): commit that change"
}
