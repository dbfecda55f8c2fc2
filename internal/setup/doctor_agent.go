package setup

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/hookexec/hookexec/internal/agents"
)

// agentDoctor checks one agent's settings: the project's and the user's.
type agentDoctor struct {
	ag    Agent
	opts  DoctorOptions
	pol   *Policies
	files []*agentSettings
	// broken are the settings files doctor cannot read, with why.
	broken []string
}

// agentSettings is one settings file of the agent that exists.
type agentSettings struct {
	scope Scope
	path  string
	doc   *settingsDoc
	fires []hookEntry // the entries that run hookexec fire
}

func newAgentDoctor(ag Agent, opts DoctorOptions, home string, pol *Policies) *agentDoctor {
	d := &agentDoctor{ag: ag, opts: opts, pol: pol}
	for _, s := range []Scope{ProjectScope, UserScope} {
		if s == UserScope && home == "" {
			continue
		}
		path := ag.SettingsPath(s, opts.ProjectDir, home)
		f, err := readSettingsFile(path)
		if err != nil {
			d.broken = append(d.broken, err.Error())
			continue
		}
		if !f.Exists {
			continue
		}
		doc, err := parseSettings(ag, f.Data, opts.Program)
		if err != nil {
			d.broken = append(d.broken, fmt.Sprintf("%s: %v", path, err))
			continue
		}
		as := &agentSettings{scope: s, path: path, doc: doc}
		for _, e := range doc.entries() {
			if e.IsFire {
				as.fires = append(as.fires, e)
			}
		}
		d.files = append(d.files, as)
	}
	return d
}

func (d *agentDoctor) name(what string) string { return d.ag.Name + " " + what }

func (d *agentDoctor) checks(ctx context.Context, r *Report) {
	r.add(d.settingsCheck())
	r.add(d.binaryCheck(ctx))
	if d.pol != nil {
		r.add(d.eventsCheck())
		r.add(d.timeoutsCheck())
	}
	r.add(d.duplicatesCheck())
	if d.ag.OnFailure {
		r.add(d.onFailureCheck())
	}
	if d.ag.NeedsEnable {
		r.add(d.enabledCheck())
	}
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
		paths = append(paths, f.path)
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
	c.OK = true
	c.Detail = "readable: " + strings.Join(paths, ", ")
	if len(paths) == 0 {
		c.Detail = "no settings file"
	}
	return c
}

// covered are the events (canonical names) with a hookexec entry in any
// of the agent's settings files.
func (d *agentDoctor) covered() map[string]bool {
	out := map[string]bool{}
	for _, f := range d.files {
		for _, e := range f.fires {
			if ev, err := agents.Resolve(e.Fire.Event); err == nil {
				out[ev.Name] = true
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
		key, ok := d.ag.EventKey(ev)
		if !ok {
			continue
		}
		if covered[ev.Name] {
			have = append(have, key)
		} else {
			missing = append(missing, key)
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
	need := int64(0)
	for _, f := range d.files {
		for _, e := range f.fires {
			ev, err := agents.Resolve(e.Fire.Event)
			if err != nil {
				continue
			}
			budget := d.pol.Budget(ev)
			got := d.ag.DefaultTimeout
			if e.Timeout > 0 {
				got = time.Duration(e.Timeout * float64(d.ag.TimeoutUnit))
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
		c.Fix = fmt.Sprintf("%s to recompute the timeouts (or set them to at least %d, in %s)", d.installFix(), need, unitName(d.ag.TimeoutUnit))
		return c
	}
	c.OK = true
	c.Detail = "every hookexec entry's timeout covers its longest hook plus the kill grace"
	return c
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
		dups = append(dups, duplicateRuns(d.ag, f.doc, canonicalPath(f.path), d.pol)...)
	}
	if len(d.files) == 2 {
		var both []string
		for _, e := range d.files[0].fires {
			if slices.ContainsFunc(d.files[1].fires, func(u hookEntry) bool { return u.Fire.sameEvent(e.Fire.Event) }) && !slices.Contains(both, e.Key) {
				both = append(both, e.Key)
			}
		}
		if len(both) > 0 {
			dups = append(dups, fmt.Sprintf("%s: hookexec is installed both in %s and in %s; %s runs both, so every policy runs twice", strings.Join(both, ", "), d.files[0].path, d.files[1].path, d.ag.Title))
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

// enabledCheck: Gemini CLI runs hooks only with hooksConfig.enabled true.
func (d *agentDoctor) enabledCheck() Check {
	c := Check{Name: d.name("hooksConfig")}
	var on, off []string
	for _, f := range d.files {
		raw, ok := f.doc.top.get("hooksConfig")
		if !ok {
			continue
		}
		hc, err := parseObject(raw)
		if err != nil {
			continue
		}
		switch v, _ := hc.get("enabled"); string(v) {
		case "true":
			on = append(on, f.path)
		case "false":
			off = append(off, f.path)
		}
	}
	switch {
	case len(off) > 0:
		c.Detail = "hooksConfig.enabled is false in " + strings.Join(off, ", ") + ": " + d.ag.Title + " runs no hook"
		c.Fix = "set \"hooksConfig\": {\"enabled\": true} (" + d.installFix() + " does)"
	case len(on) == 0:
		c.Detail = "hooksConfig.enabled is not true in any settings file: " + d.ag.Title + " runs no hook"
		c.Fix = "set \"hooksConfig\": {\"enabled\": true} (" + d.installFix() + " does)"
	default:
		c.OK = true
		c.Detail = "hooks are enabled in " + strings.Join(on, ", ")
	}
	return c
}
