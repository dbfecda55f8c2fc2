package setup

import (
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/event"
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
	// Program is the hookexec binary the entries run (absolute).
	Program string
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
}

// InstallResult is what install did (or, with DryRun, would do).
type InstallResult struct {
	Path    string
	Created bool
	Changed bool
	Added   []string
	Updated []string
	// Enabled: hooksConfig.enabled was set to true.
	Enabled bool
	// Backup is the copy of the file before hookexec was installed ("" when
	// the file is new); BackupWritten says it was written now.
	Backup        string
	BackupWritten bool
	Warnings      []string
	// Data is the file's new content.
	Data []byte
}

// Install merges hookexec's entries into the agent's settings file.
func Install(opts InstallOptions) (*InstallResult, error) {
	if opts.Getenv == nil {
		opts.Getenv = os.Getenv
	}
	path, err := settingsPathFor(opts.Agent, opts.Scope, opts.ProjectDir, opts.Getenv)
	if err != nil {
		return nil, err
	}
	if opts.Scope == ProjectScope {
		if err := refuseProjectLinks(opts.ProjectDir, path, "install"); err != nil {
			return nil, err
		}
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
		key, _ := opts.Agent.EventKey(ev)
		w := wantEntry{Key: key, Timeout: pol.AgentTimeout(opts.Agent, ev), FailClosed: opts.FailClosed}
		if opts.Agent.OnFailureApplies(ev) && !opts.FailOpen {
			w.OnFailure = onFailureBlock
		}
		wants = append(wants, w)
	}
	f, err := readSettingsFile(path)
	if err != nil {
		return nil, err
	}
	m, err := merge(f.Data, opts.Agent, opts.Program, wants)
	if err != nil {
		return nil, fmt.Errorf("setup: %s: %w; fix or move the file, then run install again (nothing was changed)", path, err)
	}
	res := &InstallResult{Path: path, Created: !f.Exists, Changed: m.Changed || !f.Exists, Added: m.Added, Updated: m.Updated, Enabled: m.Enabled, Data: m.Data}
	if doc, err := parseSettings(opts.Agent, m.Data, opts.Program); err == nil {
		res.Warnings = duplicateRuns(opts.Agent, doc, f.Real, pol)
	}
	if !res.Changed {
		return res, nil
	}
	if f.Exists {
		res.Backup = backupPath(f.Real)
		_, statErr := os.Lstat(res.Backup)
		// The backup is the file without hookexec: written when the file
		// has none of install's entries yet (or when there is none).
		res.BackupWritten = !m.HadManaged || statErr != nil
	}
	if opts.DryRun {
		return res, nil
	}
	if res.BackupWritten {
		if err := writeAtomic(res.Backup, f.Data, f.Mode); err != nil {
			return nil, err
		}
	}
	if err := writeAtomic(f.Real, m.Data, f.Mode); err != nil {
		return nil, err
	}
	return res, nil
}

func settingsPathFor(ag Agent, scope Scope, projectDir string, getenv func(string) string) (string, error) {
	if scope == ProjectScope {
		return ag.SettingsPath(scope, projectDir, ""), nil
	}
	home, err := HomeDir(getenv)
	if err != nil {
		return "", err
	}
	return ag.SettingsPath(scope, "", home), nil
}

// installEvents are the events to set up, in catalogue order.
func installEvents(ag Agent, names []string, pol *Policies) ([]event.Event, error) {
	var chosen []event.Event
	add := func(ev event.Event) {
		if !slices.ContainsFunc(chosen, func(e event.Event) bool { return e.Name == ev.Name }) {
			chosen = append(chosen, ev)
		}
	}
	switch {
	case names != nil:
		for _, n := range names {
			if strings.TrimSpace(n) == "" {
				continue
			}
			ev, err := agents.Resolve(strings.TrimSpace(n))
			if err != nil {
				return nil, fmt.Errorf("--events: %w", err)
			}
			if _, ok := ag.EventKey(ev); !ok {
				return nil, fmt.Errorf("--events: %s has no %s event", ag.Title, n)
			}
			add(ev)
		}
		if len(chosen) == 0 {
			return nil, fmt.Errorf("--events: no event given")
		}
	default:
		for _, ev := range pol.Events() {
			if _, ok := ag.EventKey(ev); ok {
				add(ev)
			}
		}
		if len(chosen) == 0 {
			for _, key := range ag.DefaultEvents {
				ev, _ := agents.ByKey(key)
				add(ev)
			}
		} else {
			// SessionStart is where the agent tells the user that the
			// project's hooks are skipped until trusted.
			ev, _ := agents.ByKey("SessionStart")
			add(ev)
		}
	}
	order := map[string]int{}
	for i, ev := range event.All() {
		order[ev.Name] = i
	}
	slices.SortFunc(chosen, func(a, b event.Event) int { return order[a.Name] - order[b.Name] })
	return chosen, nil
}
