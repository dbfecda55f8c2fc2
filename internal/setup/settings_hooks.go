package setup

import (
	"bytes"
	"encoding/json"
	"fmt"
)

// settingsDoc is an agent's settings file, parsed as far as install needs:
// the top-level object, and its "hooks" down to each hook's object.
type settingsDoc struct {
	top    *object
	events []*eventDefs // the "hooks" object, in file order; nil when absent
	layout layout
	// self is this hookexec binary's path: a command that runs it is
	// hookexec's whatever the binary is called.
	self string
}

// eventDefs is one key of "hooks": the definitions (matcher groups) of an
// event.
type eventDefs struct {
	key    string
	groups []*group
}

// group is one definition: its object, and its "hooks" when it has them.
type group struct {
	obj      *object
	hooks    []*object
	hasHooks bool
}

// parseSettings reads a settings file. It refuses anything it could not
// write back without losing content: not JSON, not an object, a repeated
// key, or a "hooks" of another shape than the agents' (an object of
// arrays of definitions, each with an array of hook objects).
func parseSettings(data []byte, self string) (*settingsDoc, error) {
	d := &settingsDoc{layout: layoutOf(data), self: self}
	body := bytes.TrimPrefix(data, []byte(bom))
	if len(bytes.TrimSpace(body)) == 0 {
		d.top = &object{}
		return d, nil
	}
	top, err := parseObject(body)
	if err != nil {
		return nil, fmt.Errorf("not a JSON object hookexec can edit: %w", err)
	}
	d.top = top
	raw, ok := top.get("hooks")
	if !ok {
		return d, nil
	}
	hooks, err := parseObject(raw)
	if err != nil {
		return nil, fmt.Errorf(`"hooks": %w`, err)
	}
	d.events = []*eventDefs{}
	for _, m := range hooks.members {
		ed, err := parseEventDefs(m.key, m.val)
		if err != nil {
			return nil, err
		}
		d.events = append(d.events, ed)
	}
	return d, nil
}

func parseEventDefs(key string, raw json.RawMessage) (*eventDefs, error) {
	where := fmt.Sprintf("hooks.%s", key)
	items, ok := parseArray(raw)
	if !ok {
		return nil, fmt.Errorf("%s is %s, not an array of hook definitions", where, kindOf(raw))
	}
	ed := &eventDefs{key: key}
	for i, it := range items {
		obj, err := parseObject(it)
		if err != nil {
			return nil, fmt.Errorf("%s[%d]: %w", where, i, err)
		}
		g := &group{obj: obj}
		if hraw, ok := obj.get("hooks"); ok {
			hs, ok := parseArray(hraw)
			if !ok {
				return nil, fmt.Errorf("%s[%d].hooks is %s, not an array of hooks", where, i, kindOf(hraw))
			}
			g.hasHooks = true
			for j, h := range hs {
				ho, err := parseObject(h)
				if err != nil {
					return nil, fmt.Errorf("%s[%d].hooks[%d]: %w", where, i, j, err)
				}
				g.hooks = append(g.hooks, ho)
			}
		}
		ed.groups = append(ed.groups, g)
	}
	return ed, nil
}

// matchesAll: the definition has no matcher, or one that matches every
// tool ("" or "*").
func (g *group) matchesAll() bool {
	m, ok := g.obj.str("matcher")
	if !ok {
		_, present := g.obj.get("matcher")
		return !present
	}
	return m == "" || m == "*"
}

func (d *settingsDoc) event(key string) *eventDefs {
	for _, ed := range d.events {
		if ed.key == key {
			return ed
		}
	}
	return nil
}

// encode writes the parsed parts back into the top-level object and
// returns the file's new text.
func (d *settingsDoc) encode() ([]byte, error) {
	if d.events != nil {
		kept := &object{}
		for _, ed := range d.events {
			var items []json.RawMessage
			for _, g := range ed.groups {
				if g.hasHooks {
					hs := make([]json.RawMessage, len(g.hooks))
					for i, h := range g.hooks {
						hs[i] = h.encode()
					}
					g.obj.set("hooks", encodeArray(hs))
				}
				items = append(items, g.obj.encode())
			}
			kept.members = append(kept.members, member{ed.key, encodeArray(items)})
		}
		d.top.set("hooks", kept.encode())
	}
	return d.layout.format(d.top)
}

// hookEntry is one hook of the settings file with where it is.
type hookEntry struct {
	Key       string
	Group     *group
	Hook      *object
	Command   string
	Timeout   float64 // in the agent's unit; 0 when not set
	HasMatch  bool    // the definition has a matcher other than "" and "*"
	Fire      fireCommand
	IsFire    bool // the command runs hookexec fire
	groupIdx  int
	hookIndex int
}

// entries lists every hook of the file, in file order.
func (d *settingsDoc) entries() []hookEntry {
	var out []hookEntry
	for _, ed := range d.events {
		for gi, g := range ed.groups {
			for hi, h := range g.hooks {
				e := hookEntry{Key: ed.key, Group: g, Hook: h, HasMatch: !g.matchesAll(), groupIdx: gi, hookIndex: hi}
				e.Command, _ = h.str("command")
				if raw, ok := h.get("timeout"); ok {
					_ = json.Unmarshal(raw, &e.Timeout)
				}
				e.Fire, e.IsFire = parseFireCommand(e.Command, d.self)
				out = append(out, e)
			}
		}
	}
	return out
}
