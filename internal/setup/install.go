package setup

import (
	"fmt"
	"os"

	agentdesc "github.com/hookexec/hookexec/internal/agents/agent"
)

// InstallOptions are install's inputs.
type InstallOptions struct {
	Agent Agent
	Scope Scope
	// ProjectDir is the project (absolute); it locates the project's
	// settings file and the configs whose timeouts count.
	ProjectDir string
	// Getenv reads HOME and what config discovery reads; nil: os.Getenv.
	Getenv func(string) string
	// Program is this hookexec binary (absolute): the entries run it,
	// except --portable's, and install recognises its entries by it.
	Program string
	// Portable is --portable: the entries run hookexec by name (found on
	// the PATH the agent gives its hooks) and go into the project's
	// committed settings file; only for an agent with a fail-closed option
	// (Agent.OnFailure), at project scope (install_target.go).
	Portable bool
	// Events are --events as given; nil: the events the configs have
	// hooks for, plus SessionStart, else the agent's default set.
	Events []string
	// FailClosed is --fail-closed; nil keeps what an entry has.
	FailClosed *bool
	// FailOpen is --fail-open: no "onFailure": "block" on the entries
	// (Agent.OnFailure), so that a missing, crashing or hung hookexec lets
	// the action through.
	FailOpen bool
	DryRun   bool
	// HTTP is install --http: http entries answered by hookexec serve
	// --http, in the user's settings or the project's uncommitted ones
	// (Agent.HTTP); nil: command entries running fire.
	HTTP *HTTPOptions
	// DoubleFire is --double-fire: install even where an agent that also
	// runs another agent's hook settings (Agent.AlsoRuns) would then run
	// hookexec twice.
	DoubleFire bool
}

// InstallResult is what install did (or, with DryRun, would do).
type InstallResult struct {
	Path    string
	Created bool
	Changed bool
	Added   []string
	Updated []string
	// Enabled says what the agent's enable or trust step (agent.Enable)
	// did, one line each; empty when it had nothing to do.
	Enabled []string
	// Backup is the copy of the file before hookexec was installed ("" when
	// the file is new); BackupWritten says it was written now.
	Backup        string
	BackupWritten bool
	Warnings      []string
	// Data is the file's new content.
	Data []byte
	// CommandOnly are the events install --http kept a command entry for:
	// the agent runs no http hook there.
	CommandOnly []string
	// Private: install --http made the file readable by the user only
	// (mode 0600), since it holds the serve token.
	Private bool
	// Moved says where install took hookexec's entries out of: the
	// project's other settings file (committed or uncommitted), so that
	// one set of entries runs.
	Moved []string
	// Notes say who the file is for: whether to commit it, and what a
	// teammate needs.
	Notes []string
	// Addr is install --http's server address; Secret is the token,
	// which WriteText never prints.
	Addr, Secret string
}

// Install merges hookexec's entries into the agent's settings file.
func Install(opts InstallOptions) (*InstallResult, error) {
	if opts.Getenv == nil {
		opts.Getenv = os.Getenv
	}
	if err := checkHTTP(opts.Agent, opts.HTTP); err != nil {
		return nil, err
	}
	if err := checkTarget(opts); err != nil {
		return nil, err
	}
	path, others, err := installPaths(opts)
	if err != nil {
		return nil, err
	}
	if opts.HTTP != nil {
		if err := refuseTracked(path); err != nil {
			return nil, err
		}
	}
	for _, p := range append([]string{path}, others...) {
		if opts.Scope == ProjectScope || p != path {
			if err := refuseProjectLinks(opts.ProjectDir, p, "install"); err != nil {
				return nil, err
			}
		}
	}
	warnings, notes, ignore, err := targetNotes(opts, path)
	if err != nil {
		return nil, err
	}
	pol, err := LoadPolicies(opts.ProjectDir, opts.Getenv)
	if err != nil {
		return nil, err
	}
	events, err := installEvents(opts.Agent, opts.Events, pol)
	if err != nil {
		return nil, err
	}
	var wants []wantEntry
	for _, ev := range events {
		for _, key := range opts.Agent.InstallKeys(ev) {
			w := wantEntry{Key: key, Timeout: pol.AgentTimeout(opts.Agent, ev), FailClosed: opts.FailClosed}
			if opts.Agent.OnFailureApplies(ev) && !opts.FailOpen {
				w.OnFailure = onFailureBlock
			}
			wants = append(wants, w)
		}
	}
	var commandOnly []string
	if opts.HTTP != nil {
		wants, commandOnly = httpWants(opts.Agent, wants, opts.HTTP)
	}
	if err := checkDoubleFire(opts, path); err != nil {
		return nil, err
	}
	manifest := pluginManifest(opts.Agent, path)
	if err := checkManifest(manifest, "install"); err != nil {
		return nil, err
	}
	var res *InstallResult
	switch opts.Agent.Layout {
	case agentdesc.LayoutScripts:
		res, err = installScripts(opts, path, wants)
	case agentdesc.LayoutTOML:
		res, err = installTOML(opts, path, wants)
	default:
		res, err = installJSON(opts, path, wants, pol)
	}
	if err != nil {
		return nil, err
	}
	res.CommandOnly = commandOnly
	res.Warnings = append(res.Warnings, warnings...)
	res.Notes = notes
	if ignore != "" {
		w, n := ignoreTarget(opts, ignore)
		if w != "" {
			res.Warnings = append(res.Warnings, w)
		}
		if n != "" {
			res.Notes = append(res.Notes, n)
		}
	}
	if opts.HTTP != nil {
		res.Addr, res.Secret = opts.HTTP.Addr, opts.HTTP.Token
	}
	for _, other := range others {
		if opts.DryRun {
			res.Moved = append(res.Moved, wouldTakeOut(opts, other)...)
			continue
		}
		moved, err := takeOutOf(opts, other)
		if err != nil {
			return nil, err
		}
		res.Moved = append(res.Moved, moved...)
		res.Warnings = append(res.Warnings, otherDuplicates(opts, other, pol)...)
	}
	wrote, err := writeManifest(manifest, opts.DryRun)
	if err != nil {
		return nil, err
	}
	res.Enabled = append(res.Enabled, wrote...)
	res.Changed = res.Changed || len(wrote) > 0
	in := enableInput(opts.Agent, opts.Scope, opts.ProjectDir, opts.Program, opts.Getenv)
	in.SettingsPath, in.Settings, in.DryRun = path, res.Data, opts.DryRun
	did, err := opts.Agent.EnableStep().Install(in)
	if err != nil {
		return nil, err
	}
	res.Enabled = append(res.Enabled, did...)
	return res, nil
}

// installJSON merges hookexec's entries into a JSON settings file
// (LayoutNested, LayoutFlat, LayoutNamed).
func installJSON(opts InstallOptions, path string, wants []wantEntry, pol *Policies) (*InstallResult, error) {
	f, err := readSettingsFile(path)
	if err != nil {
		return nil, err
	}
	if err := refuseForeignOwnFile(opts.Agent, path, f.Data, opts.Program, "install"); err != nil {
		return nil, err
	}
	m, err := mergeInto(f.Data, opts.Agent, entryProgram(opts), opts.Program, wants, isOwnFile(path), opts.HTTP)
	if err != nil {
		return nil, fmt.Errorf("setup: %s: %w; fix or move the file, then run install again (nothing was changed)", path, err)
	}
	res := &InstallResult{Path: path, Created: !f.Exists, Changed: m.Changed || !f.Exists, Added: m.Added, Updated: m.Updated, Data: m.Data}
	if opts.HTTP != nil && f.Mode&0o077 != 0 {
		// The file holds the serve token: the user's only.
		res.Changed, res.Private = true, true
	}
	if m.Enabled != "" {
		res.Enabled = append(res.Enabled, m.Enabled)
	}
	if doc, err := parseSettings(opts.Agent, m.Data, opts.Program); err == nil {
		res.Warnings = duplicateRuns(opts.Agent, doc, f.Real, pol)
	}
	if res.Changed {
		mode := f.Mode
		if opts.HTTP != nil {
			mode = privateMode
		}
		if err := writeInstall(res, f, m, mode, opts.DryRun); err != nil {
			return nil, err
		}
	}
	return res, nil
}

func settingsPathFor(ag Agent, scope Scope, projectDir string, getenv func(string) string) (string, error) {
	if !ag.HasScope(scope) {
		other := "--user"
		if scope == UserScope {
			other = "--project"
		}
		return "", fmt.Errorf("setup: %s has no %s hook settings; install it with %s", ag.Title, scope, other)
	}
	if scope == ProjectScope {
		return ag.SettingsPath(scope, projectDir, ""), nil
	}
	home, err := HomeDir(getenv)
	if err != nil {
		return "", err
	}
	return agentSettingsPath(ag, scope, "", home, getenv), nil
}
