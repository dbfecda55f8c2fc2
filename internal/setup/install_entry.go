package setup

import (
	"encoding/json"
	"math"
	"strings"

	agentdesc "github.com/hookexec/hookexec/internal/agents/agent"
)

// newEntry is what install writes for an event without its entry, in the
// agent's shape: a definition without a matcher holding one hook, or one
// flat entry with the agent's keys.
func (d *settingsDoc) newEntry(ag Agent, program, command string, w wantEntry, failClosed bool) any {
	if d.shape.flatEntries() {
		return ordered(d.flatMembers(ag, program, command, w.Timeout, failClosed, w.Key))
	}
	return newGroup{Hooks: []newHook{{Name: ag.HookName, Type: "command", Command: command, Timeout: w.Timeout, OnFailure: w.OnFailure}}}
}

// flatMembers are the members of hookexec's flat entry, in the order
// install writes them.
func (d *settingsDoc) flatMembers(ag Agent, program, command string, timeout int64, failClosed bool, key string) []kv {
	f := d.shape.flat
	var out []kv
	if f.Type {
		out = append(out, kv{"type", "command"})
	}
	out = append(out, kv{f.Command, command})
	if f.WindowsCommand != "" {
		out = append(out, kv{f.WindowsCommand, powershellCommand(program, key, ag.Format, failClosed)})
	}
	if f.Timeout != "" {
		out = append(out, kv{f.Timeout, timeout})
	}
	for _, x := range f.Extra {
		out = append(out, kv{x.Key, x.Value})
	}
	return out
}

// addEntry adds a new entry for key after the user's: the hooks object
// (and for a named definition, the definition with its switch on), the
// event key, or an element of its array, whichever is missing.
func (d *settingsDoc) addEntry(ag Agent, key string, entry any) error {
	root := d.shape.root
	switch {
	case d.events == nil && d.shape.layout == agentdesc.LayoutNamed:
		return d.set("", root, ordered{{enabledKey, true}, {key, []any{entry}}})
	case d.events == nil:
		return d.set("", root, ordered{{key, []any{entry}}})
	case d.event(key) == nil:
		return d.set(pointer(root), key, []any{entry})
	}
	return d.push(pointer(root, key), entry)
}

// updateFlat gives hookexec's flat entry e the wanted members, each where
// it is; a longer timeout set by hand stays.
func (d *settingsDoc) updateFlat(ag Agent, e hookEntry, program, command string, w wantEntry, failClosed bool) error {
	timeout := w.Timeout
	if e.Timeout > float64(timeout) {
		timeout = int64(math.Ceil(e.Timeout))
	}
	at := d.shape.hookPtr(e)
	for _, m := range d.flatMembers(ag, program, command, timeout, failClosed, w.Key) {
		raw, ok := e.Hook.get(m.key)
		want, err := json.Marshal(m.val)
		if err != nil {
			return err
		}
		if ok && sameJSON(raw, want) {
			continue
		}
		if err := d.set(at, m.key, m.val); err != nil {
			return err
		}
	}
	return nil
}

// sameJSON reports whether two JSON texts hold the same value.
func sameJSON(a, b []byte) bool {
	va, _, okA := fileValue(a)
	vb, _, okB := fileValue(b)
	if !okA || !okB {
		return false
	}
	ja, _ := json.Marshal(va)
	jb, _ := json.Marshal(vb)
	return string(ja) == string(jb)
}

// shapeSettings puts in what the agent's shape needs besides the entries:
// a flat file's "version" (before the hooks, when it is new), a file of
// hookexec's own its constant top-level keys, and a named definition's
// switch turned on.
func (d *settingsDoc) shapeSettings() error {
	if v := d.shape.flat.Version; v != 0 && d.shape.flatEntries() {
		if _, ok := d.top.get("version"); !ok {
			if err := d.set("", "version", v); err != nil {
				return err
			}
		}
	}
	if d.own {
		for _, x := range d.shape.flat.Top {
			if _, ok := d.top.get(x.Key); !ok {
				if err := d.set("", x.Key, x.Value); err != nil {
					return err
				}
			}
		}
	}
	if d.shape.layout == agentdesc.LayoutNamed && d.events != nil {
		raw, _ := d.top.get(d.shape.root)
		def, err := parseObject(raw)
		if err != nil {
			return err
		}
		if v, ok := def.get(enabledKey); !ok || string(v) != "true" {
			return d.set(pointer(d.shape.root), enabledKey, true)
		}
	}
	return nil
}

// powershellCommand is the command install writes for PowerShell (a flat
// entry's WindowsCommand): the call operator and the program in single
// quotes when it needs quoting.
func powershellCommand(program, eventKey, format string, failClosed bool) string {
	p := program
	if shellQuote(program) != program {
		p = "& '" + strings.ReplaceAll(program, "'", "''") + "'"
	}
	c := p + " fire " + eventKey + " --format " + format
	if failClosed {
		c += " --fail-closed"
	}
	return c
}
