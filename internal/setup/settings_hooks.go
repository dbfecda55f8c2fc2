package setup

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/tailscale/hujson"
)

// settingsDoc is an agent's settings file: its syntax tree, which edits
// change in place (settings_edit.go), and a read-only view of it as far as
// install needs, the top-level object and its "hooks" down to each hook's
// object, rebuilt after every edit.
type settingsDoc struct {
	top *object
	// events are the event keys of the hooks object (shape.root), in
	// file order; nil when it is absent.
	events []*eventDefs
	shape  shape
	// own: the file is hookexec's own (isOwnFile).
	own bool
	// self is this hookexec binary's path: a command that runs it is
	// hookexec's whatever the binary is called.
	self string
	// format is the agent's fire --format, which names it in serve's URLs.
	format string

	ast      hujson.Value // the file's text but a byte order mark
	text     []byte       // ast packed
	bom      bool
	comments bool   // the agent reads comments in its settings
	unit     string // the file's indentation step
	newline  string // "\r\n" in a file that has it
	edited   bool
}

// eventDefs is one key of "hooks": the definitions (matcher groups) of an
// event.
type eventDefs struct {
	key    string
	groups []*group
}

// group is one definition: its object, and its "hooks"; or a flat entry
// (flat), which is its own one hook.
type group struct {
	obj   *object
	hooks []*object
	flat  bool
}

// parseSettings reads a settings file of agent ag. It refuses anything it
// could not edit without losing content, or that the agent itself would
// not read: not JSON (comments are JSON for the agents that read them:
// commentsAllowed), not an object, a repeated key, or a "hooks" of another
// shape than the agents' (an object of arrays of definitions, each with
// an array of hook objects).
func parseSettings(ag Agent, data []byte, self string) (*settingsDoc, error) {
	d := &settingsDoc{self: self, format: ag.Format, comments: commentsAllowed(ag), unit: indentUnit(data), newline: "\n", shape: shapeOf(ag)}
	body := data
	if bytes.HasPrefix(body, []byte(bom)) {
		d.bom, body = true, body[len(bom):]
	}
	if bytes.Contains(body, []byte("\r\n")) {
		d.newline = "\r\n"
	}
	if len(bytes.TrimSpace(body)) == 0 {
		body = []byte("{}")
		if len(data) == 0 || bytes.HasSuffix(data, []byte("\n")) {
			body = append(body, d.newline...)
		}
	}
	if err := d.load(body); err != nil {
		return nil, err
	}
	return d, nil
}

// load parses text as the file's new content and rebuilds the view.
func (d *settingsDoc) load(text []byte) error {
	ast, astErr := hujson.Parse(text)
	plain := text
	if astErr == nil && d.comments {
		plain = blankComments(text)
	}
	top, err := parseObject(plain)
	if err == nil && astErr != nil {
		err = astErr
		if he := hujsonError(astErr); he != nil {
			err = he
		}
	}
	if err != nil {
		return fmt.Errorf("not a JSON object hookexec can edit: %w", d.earlier(err, astErr))
	}
	d.ast, d.text, d.top, d.events = ast, text, top, nil
	raw, ok := top.get(d.shape.root)
	if !ok {
		return nil
	}
	hooks, err := parseObject(raw)
	if err != nil {
		return fmt.Errorf("%q: %w", d.shape.root, err)
	}
	d.events = []*eventDefs{}
	for _, m := range hooks.members {
		if !d.shape.eventKeyOf(m.key) {
			continue
		}
		ed, err := d.shape.parseEventDefs(m.key, m.val)
		if err != nil {
			return err
		}
		d.events = append(d.events, ed)
	}
	return nil
}

// earlier picks the error to report for a file that is not plain JSON:
// where the agent reads comments, a syntax error after them (hujson's)
// rather than the plain reading's complaint about the first comment.
func (d *settingsDoc) earlier(plainErr, astErr error) error {
	se, ok := plainErr.(*syntaxError)
	if !d.comments || astErr == nil || !ok {
		return plainErr
	}
	if he := hujsonError(astErr); he != nil && (he.line > se.line || he.line == se.line && he.col > se.col) {
		return he
	}
	return plainErr
}

// parseEventDefs reads one event key's array: nested definitions, or in a
// flat file flat entries (an entry with a "hooks" array is a nested
// definition there too, as Copilot CLI reads its PascalCase events).
func (s shape) parseEventDefs(key string, raw json.RawMessage) (*eventDefs, error) {
	where := fmt.Sprintf("%s.%s", s.root, key)
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
		if _, nested := obj.get("hooks"); !nested && s.flatEntries() {
			g.flat, g.hooks = true, []*object{obj}
		}
		if hraw, ok := obj.get("hooks"); ok {
			hs, ok := parseArray(hraw)
			if !ok {
				return nil, fmt.Errorf("%s[%d].hooks is %s, not an array of hooks", where, i, kindOf(hraw))
			}
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
func (g *group) matchesAll(s shape) bool {
	key := s.matcherKey(g)
	if key == "" {
		return true
	}
	m, ok := g.obj.str(key)
	if !ok {
		_, present := g.obj.get(key)
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

// bytes is the file's text now.
func (d *settingsDoc) bytes() []byte {
	if d.bom {
		return append([]byte(bom), d.text...)
	}
	return d.text
}

// hookEntry is one hook of the settings file with where it is.
type hookEntry struct {
	Key      string
	Group    *group
	Hook     *object
	Command  string
	Timeout  float64 // in the agent's unit; 0 when not set
	HasMatch bool    // the definition has a matcher other than "" and "*"
	Fire     fireCommand
	IsFire   bool // the command runs hookexec fire
	// HTTP is an http hook hookexec serve answers (IsHTTP); Ensure is
	// SessionStart's hookexec serve --http ADDR --ensure (IsEnsure).
	HTTP      httpEntry
	IsHTTP    bool
	Ensure    ensureEntry
	IsEnsure  bool
	groupIdx  int
	hookIndex int
}

// entries lists every hook of the file, in file order.
func (d *settingsDoc) entries() []hookEntry {
	var out []hookEntry
	for _, ed := range d.events {
		for gi, g := range ed.groups {
			for hi, h := range g.hooks {
				e := hookEntry{Key: ed.key, Group: g, Hook: h, HasMatch: !g.matchesAll(d.shape), groupIdx: gi, hookIndex: hi}
				e.Command, _ = h.str(d.shape.commandKey(g))
				if raw, ok := h.get(d.shape.timeoutKey(g)); ok {
					_ = json.Unmarshal(raw, &e.Timeout)
				}
				e.Fire, e.IsFire = parseFireCommand(e.Command, d.self)
				e.HTTP, e.IsHTTP = parseHTTPEntry(h, d.format)
				e.Ensure, e.IsEnsure = parseEnsureCommand(e.Command, d.self)
				out = append(out, e)
			}
		}
	}
	return out
}
