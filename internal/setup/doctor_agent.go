package setup

import (
	"context"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"time"

	agentdesc "github.com/hookexec/hookexec/internal/agents/agent"
)

// agentDoctor checks one agent's settings: the project's and the user's.
type agentDoctor struct {
	ag    Agent
	opts  DoctorOptions
	home  string
	pol   *Policies
	files []*agentSettings
	// broken are the settings files doctor cannot read, with why.
	broken []string
}

// agentSettings is one settings file of the agent that exists.
type agentSettings struct {
	scope Scope
	path  string
	doc   *settingsDoc // nil for a layout that is no JSON file
	fires []hookEntry  // the entries that run hookexec fire, and install --http's http entries
	// ensures are install --http's SessionStart serve --ensure entries.
	ensures []hookEntry
	// mode is the JSON settings file's permissions.
	mode fs.FileMode
	// notExecutable are hookexec's scripts (LayoutScripts) the agent
	// cannot run.
	notExecutable []string
}

func newAgentDoctor(ag Agent, opts DoctorOptions, home string, pol *Policies) *agentDoctor {
	d := &agentDoctor{ag: ag, opts: opts, pol: pol, home: home}
	for _, s := range []Scope{ProjectScope, UserScope} {
		if s == UserScope && home == "" || !ag.HasScope(s) {
			continue
		}
		for _, path := range settingsPaths(ag, s, opts.ProjectDir, home, opts.Getenv) {
			as, err := readInstalled(ag, s, path, opts.Program)
			if err != nil {
				d.broken = append(d.broken, err.Error())
				continue
			}
			if as != nil {
				d.files = append(d.files, as)
			}
		}
	}
	return d
}

// settingsPaths are the agent's settings files of scope that hookexec
// installs into: the one of its shape, and for the project scope of an
// agent with an uncommitted settings file (Agent.LocalProjectFile) that
// one too.
func settingsPaths(ag Agent, s Scope, projectDir, home string, getenv func(string) string) []string {
	path := agentSettingsPath(ag, s, projectDir, home, getenv)
	if s == ProjectScope {
		if local := localPath(ag, projectDir); local != "" && local != path {
			return []string{path, local}
		}
	}
	return []string{path}
}

func (d *agentDoctor) name(what string) string { return d.ag.Name + " " + what }

// role says which of the agent's settings files f is: the user's, the
// project's committed one, or the project's own to this machine.
func (d *agentDoctor) role(f *agentSettings) string {
	switch {
	case f.scope == UserScope:
		return "user"
	case f.path == localPath(d.ag, d.opts.ProjectDir):
		return "project, not committed"
	case d.ag.LocalProjectFile != "":
		return "project, committed"
	}
	return "project"
}

func (d *agentDoctor) checks(ctx context.Context, r *Report) {
	r.add(d.settingsCheck())
	r.add(d.binaryCheck(ctx))
	if d.pol != nil {
		r.add(d.eventsCheck())
		r.add(d.timeoutsCheck())
	}
	r.add(d.duplicatesCheck())
	if runsOrIsRun(d.ag) {
		r.add(d.doubleFireCheck())
	}
	if d.ag.OnFailure {
		r.add(d.onFailureCheck())
	}
	if httpCapable(d.ag) {
		d.httpChecks(ctx, r)
	}
	if d.ag.Enable != nil {
		r.add(d.enableCheck())
	}
}

// enableCheck is the agent's step's check (Agent.Enable).
func (d *agentDoctor) enableCheck() Check {
	in := enableInput(d.ag, ProjectScope, d.opts.ProjectDir, d.opts.Program, d.opts.Getenv)
	c := d.ag.EnableStep().Check(in, installedFiles(d.files))
	return Check{Name: c.Name, OK: c.OK, Detail: c.Detail, Fix: c.Fix}
}

func (d *agentDoctor) installFix() string {
	return "run 'hookexec install " + d.ag.Name + "' in the project (or with --user)"
}

func (d *agentDoctor) settingsCheck() Check {
	c := Check{Name: d.name("settings")}
	if len(d.broken) > 0 {
		c.Detail = strings.Join(d.broken, "\n")
		c.Fix = "make the file valid JSON with \"hooks\" in the agent's shape; " + d.ag.Title + " may reject it and run no hook at all"
		return c
	}
	var paths []string
	var matched []string
	for _, f := range d.files {
		paths = append(paths, f.path+" ("+d.role(f)+")")
		for _, e := range f.fires {
			if e.HasMatch {
				matched = append(matched, fmt.Sprintf("%s: %s in %s", e.Key, e.Command, f.path))
			}
		}
	}
	if len(matched) > 0 {
		c.Detail = "hookexec entries under a matcher see only some tools, so the other tools' policies never run:\n" + strings.Join(matched, "\n")
		c.Fix = "remove the matcher (hookexec applies your matchers itself): " + d.installFix()
		return c
	}
	var stuck []string
	for _, f := range d.files {
		stuck = append(stuck, f.notExecutable...)
	}
	if len(stuck) > 0 {
		c.Detail = "hookexec's scripts are not executable, so " + d.ag.Title + " cannot run them: " + strings.Join(stuck, ", ")
		c.Fix = "chmod +x them, or " + d.installFix()
		return c
	}
	var off []string
	for _, f := range d.files {
		if f.definitionOff() {
			off = append(off, f.path)
		}
	}
	if len(off) > 0 {
		c.Detail = "hookexec's definition is switched off (\"enabled\": false), so " + d.ag.Title + " runs none of its entries: " + strings.Join(off, ", ")
		c.Fix = "set it to true, or " + d.installFix()
		return c
	}
	c.OK = true
	c.Detail = "readable: " + strings.Join(paths, ", ")
	if len(paths) == 0 {
		c.Detail = "no settings file"
	}
	return c
}

// covered are the events (canonical names) with a hookexec entry in any
// of the agent's settings files.
// covered are the agent's event names that have a hookexec entry.
func (d *agentDoctor) covered() map[string]bool {
	out := map[string]bool{}
	for _, f := range d.files {
		for _, e := range f.fires {
			if ev, err := eventOf(d.ag, e.Fire.Event); err == nil {
				for _, k := range d.ag.InstallKeys(ev) {
					if k == e.Fire.Event || k == e.Key {
						out[k] = true
					}
				}
			}
		}
	}
	return out
}

func (d *agentDoctor) eventsCheck() Check {
	c := Check{Name: d.name("events")}
	covered := d.covered()
	var missing, have []string
	for _, ev := range d.pol.Events() {
		// An event the agent fires per family of tools needs an entry
		// under each of its names (Agent.InstallKeys).
		for _, key := range d.ag.InstallKeys(ev) {
			if covered[key] {
				have = append(have, key)
			} else {
				missing = append(missing, key)
			}
		}
	}
	if len(missing) > 0 {
		c.Detail = fmt.Sprintf("no hookexec entry for %s, which have policies: %s never runs them", strings.Join(missing, ", "), d.ag.Title)
		c.Fix = d.installFix() + ", or add --events " + strings.Join(missing, ",")
		return c
	}
	c.OK = true
	c.Detail = "every event with policies has a hookexec entry"
	if len(have) > 0 {
		c.Detail += ": " + strings.Join(have, ", ")
	}
	return c
}

func (d *agentDoctor) timeoutsCheck() Check {
	c := Check{Name: d.name("timeouts")}
	var short []string
	need, over := int64(0), false
	for _, f := range d.files {
		for _, e := range f.fires {
			ev, err := eventOf(d.ag, e.Fire.Event)
			if err != nil {
				continue
			}
			budget := d.pol.Budget(ev)
			got := d.ag.DefaultTimeout
			if e.Timeout > 0 {
				got = time.Duration(e.Timeout * float64(d.ag.UnitOf(e.Timeout)))
			}
			if d.ag.MaxTimeout > 0 && got > d.ag.MaxTimeout {
				short = append(short, fmt.Sprintf("%s in %s: timeout %s, over the %s %s accepts; it refuses its whole config with it, so none of its hooks run",
					e.Key, f.path, got, d.ag.MaxTimeout, d.ag.Title))
				over = true
				continue
			}
			if got < budget {
				want := d.pol.AgentTimeout(d.ag, ev)
				need = max(need, want)
				short = append(short, fmt.Sprintf("%s in %s: timeout %s, but fire may take %s (its longest hook timeout plus the %s kill grace); %s would kill hookexec first, and the policy never answers",
					e.Key, f.path, time.Duration(got).String(), budget, AgentKillGrace, d.ag.Title))
			}
		}
	}
	if len(short) > 0 {
		c.Detail = strings.Join(short, "\n")
		c.Fix = fmt.Sprintf("%s to recompute the timeouts (or set them to at least %d, in %s)", d.installFix(), need, unitName(d.ag.UnitOf(float64(need))))
		if over {
			c.Fix = fmt.Sprintf("%s to rewrite the timeouts (or set them to at most %d, in %s)", d.installFix(), d.ag.Units(d.ag.MaxTimeout), unitName(d.ag.TimeoutUnit))
		}
		if d.ag.MaxTimeout > 0 && d.pol.maxBudget(d.ag) > d.ag.MaxTimeout {
			c.Fix = fmt.Sprintf("%s accepts a timeout of at most %s: keep the policies' timeouts (plus the %s kill grace) under it, then %s", d.ag.Title, d.ag.MaxTimeout, AgentKillGrace, d.installFix())
		} else if !hasTimeoutSetting(d.ag) {
			c.Fix = fmt.Sprintf("%s has no timeout setting for a hook: keep the policies' timeouts under its fixed %s", d.ag.Title, d.ag.DefaultTimeout)
		}
		return c
	}
	c.OK = true
	c.Detail = "every hookexec entry's timeout covers its longest hook plus the kill grace"
	return c
}

// hasTimeoutSetting reports whether install can write a timeout on the
// agent's entries: a flat entry needs the agent's timeout key, and the
// scripts and TOML layouts have none.
func hasTimeoutSetting(ag Agent) bool {
	switch ag.Layout {
	case agentdesc.LayoutFlat, agentdesc.LayoutTOML:
		return ag.Flat.Timeout != ""
	case agentdesc.LayoutScripts:
		return false
	}
	return true
}

func unitName(u time.Duration) string {
	if u == time.Second {
		return "seconds"
	}
	return "milliseconds"
}

func (d *agentDoctor) duplicatesCheck() Check {
	c := Check{Name: d.name("duplicates")}
	var dups []string
	for _, f := range d.files {
		if f.doc != nil {
			dups = append(dups, duplicateRuns(d.ag, f.doc, canonicalPath(f.path), d.pol)...)
		}
	}
	for i := range d.files {
		for j := i + 1; j < len(d.files); j++ {
			var both []string
			for _, e := range d.files[i].fires {
				if slices.ContainsFunc(d.files[j].fires, func(u hookEntry) bool { return u.Fire.sameEvent(e.Fire.Event) }) && !slices.Contains(both, e.Key) {
					both = append(both, e.Key)
				}
			}
			if len(both) > 0 {
				dups = append(dups, fmt.Sprintf("%s: hookexec is installed both in %s and in %s; %s runs both, so every policy runs twice", strings.Join(both, ", "), d.files[i].path, d.files[j].path, d.ag.Title))
			}
		}
	}
	if len(dups) > 0 {
		c.Detail = strings.Join(dups, "\n")
		c.Fix = "keep one copy: 'hookexec uninstall " + d.ag.Name + " --user' (or --project), and remove the agent's own copy of a policy that hookexec also runs"
		return c
	}
	c.OK = true
	c.Detail = "no policy runs twice"
	return c
}

// definitionOff reports whether a named layout's hookexec definition says
// "enabled": false.
func (as *agentSettings) definitionOff() bool {
	if as.doc == nil || as.doc.shape.layout != agentdesc.LayoutNamed {
		return false
	}
	raw, ok := as.doc.top.get(as.doc.shape.root)
	if !ok {
		return false
	}
	def, err := parseObject(raw)
	if err != nil {
		return false
	}
	v, ok := def.get(enabledKey)
	return ok && string(v) == "false"
}
