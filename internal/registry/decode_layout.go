package registry

import (
	"fmt"
	"runtime"
	"slices"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/jsonpos"
)

// An agent's hook settings come in one of the layouts of agent.Layout.
// Nested files are read as SPEC §2.1 says; a flat file's entries
// (LayoutFlat: one object per hook, under the agent's keys, agent.Flat)
// and a named file's definitions (LayoutNamed: {NAME: {"enabled", EVENT:
// [definitions]}}) are read into the same hooks, positions kept. Scripts
// (LayoutScripts) and TOML (LayoutTOML) are no JSON config: reading one is
// a clear error (refuseLayout).

// topLevelFields are the top-level keys a file of the agent's layout gives
// meaning to (the others are not even built); nil, every key, for
// LayoutNamed, whose keys are definition names.
func topLevelFields(ag agent.Agent) []string {
	switch {
	case ag.Layout == agent.LayoutNamed:
		return nil
	case ag.Layout == agent.LayoutFlat && ag.Flat.Version != 0:
		return append(knownTopLevelFields(), "version")
	}
	return knownTopLevelFields()
}

// refuseLayout is the error for a file of a layout hookexec does not read
// as a config, saying why and what to do instead.
func refuseLayout(spec fileSpec, ag agent.Agent) error {
	var why string
	switch ag.Layout {
	case agent.LayoutScripts:
		why = fmt.Sprintf("%s runs one executable file per event (the file's name is the event), not a file of hooks; to run such a script through hookexec, name it as a hook's command in a hookexec config", ag.Title)
	case agent.LayoutTOML:
		why = fmt.Sprintf("%s keeps them as [[hooks]] tables in its TOML config, which hookexec does not parse; copy each table's command into a hookexec config", ag.Title)
	default:
		return nil
	}
	return &Error{Pos: Position{File: spec.path}, Msg: fmt.Sprintf("hookexec does not read %s's hooks (dialect %s) as a config: %s", ag.Title, spec.dialect, why)}
}

// layout reads the file's hooks in the agent's layout.
func (d *fileDecoder) layout(root *jsonpos.Value) {
	switch d.agent.Layout {
	case agent.LayoutNamed:
		d.named(root)
		return
	case agent.LayoutFlat:
		d.version(root)
	}
	d.events(root.Get("hooks"))
}

// version checks a flat file's "version" where the agent wants one.
func (d *fileDecoder) version(root *jsonpos.Value) {
	want := d.agent.Flat.Version
	if want == 0 {
		return
	}
	v := root.Get("version")
	switch {
	case !present(v):
		d.advise(root.Off, `missing "version": %d; %s's documentation asks for it, and %s may refuse the file without it (hookexec reads it all the same)`, want, d.agent.Title, d.agent.Title)
	case v.Kind != jsonpos.Number || v.Str != fmt.Sprint(want):
		d.advise(v.Off, `"version" is %s; %s reads version %d, and may refuse the file (hookexec reads it as version %d)`, literal(v), d.agent.Title, want, want)
	}
}

// named reads each named definition as a "hooks" object of its own; a
// definition with "enabled": false has its hooks disabled.
func (d *fileDecoder) named(root *jsonpos.Value) {
	for _, m := range root.Members {
		if m.Val.Kind != jsonpos.Object {
			d.skip(m.Val.Off, "%q: a named hook definition must be an object of events, got %s; skipped", m.Key, m.Val.Kind)
			continue
		}
		enabled := true
		events := &jsonpos.Value{Kind: jsonpos.Object, Off: m.Val.Off, End: m.Val.End}
		for _, em := range m.Val.Members {
			if em.Key != "enabled" {
				events.Members = append(events.Members, em)
				continue
			}
			if em.Val.Kind != jsonpos.Bool {
				d.warn(em.Val.Off, `%q: "enabled" must be a boolean, got %s; ignored`, m.Key, em.Val.Kind)
				continue
			}
			enabled = em.Val.Bool
		}
		saved := d.file.Enabled
		d.file.Enabled = saved && enabled
		d.events(events)
		d.file.Enabled = saved
	}
}

// entry reads one element of an event's array: a flat entry in a flat
// file, unless it has a "hooks" array (Copilot CLI reads such an entry as
// a nested definition, as it does under its PascalCase events); a
// definition otherwise.
func (d *fileDecoder) entry(key string, ev event.Event, idx int, v *jsonpos.Value) {
	if d.agent.Layout == agent.LayoutFlat && v.Kind == jsonpos.Object && v.Get("hooks") == nil {
		d.flatEntry(key, ev, idx, v)
		return
	}
	d.definition(key, ev, idx, v)
}

// flatEntry reads a flat entry as the definition it stands for: its
// matcher (agent.Flat.Matcher) and one hook, whose command and timeout
// are under the agent's keys. On Windows the agent's Windows command is
// the command when the entry has one. The agent's constant keys
// (Flat.Extra) that mean nothing to hookexec are not read; any other key
// is read (and linted) as a hook's.
func (d *fileDecoder) flatEntry(key string, ev event.Event, idx int, v *jsonpos.Value) {
	f := d.agent.Flat
	cmdKey := f.Command
	if runtime.GOOS == "windows" && f.WindowsCommand != "" && present(v.Get(f.WindowsCommand)) {
		cmdKey = f.WindowsCommand
	}
	if !present(v.Get(cmdKey)) {
		d.skip(v.Off, "%s[%d]: missing %q, the command of %s's entries; skipped", key, idx, cmdKey, d.agent.Title)
		return
	}
	extra := func(k string) bool {
		return slices.ContainsFunc(f.Extra, func(x agent.FlatKey) bool { return x.Key == k }) && !slices.Contains(knownHookFields(), k)
	}
	hook := &jsonpos.Value{Kind: jsonpos.Object, Off: v.Off, End: v.End}
	def := &jsonpos.Value{Kind: jsonpos.Object, Off: v.Off, End: v.End}
	rename := func(m jsonpos.Member, to string) {
		hook.Members = append(hook.Members, jsonpos.Member{Key: to, KeyOff: m.KeyOff, Val: m.Val})
	}
	for _, m := range v.Members {
		switch {
		case m.Key == cmdKey:
			rename(m, "command")
		case m.Key == f.Command || m.Key == f.WindowsCommand:
			// the other platform's command
		case f.Timeout != "" && m.Key == f.Timeout:
			rename(m, "timeout")
		case f.Matcher != "" && m.Key == f.Matcher:
			def.Members = append(def.Members, jsonpos.Member{Key: "matcher", KeyOff: m.KeyOff, Val: m.Val})
		case extra(m.Key):
		default:
			hook.Members = append(hook.Members, m)
		}
	}
	if hook.Get("type") == nil {
		hook.Members = append(hook.Members, jsonpos.Member{Key: "type", KeyOff: v.Off, Val: &jsonpos.Value{Kind: jsonpos.String, Str: "command", Off: v.Off, End: v.Off}})
	}
	def.Members = append(def.Members, jsonpos.Member{Key: "hooks", KeyOff: v.Off, Val: &jsonpos.Value{Kind: jsonpos.Array, Off: v.Off, End: v.End, Elems: []*jsonpos.Value{hook}}})
	d.definition(key, ev, idx, def)
}
