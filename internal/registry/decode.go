package registry

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/jsonpos"
)

// fileDecoder turns the parsed tree of one config file into hooks, warnings
// and file settings.
type fileDecoder struct {
	spec      fileSpec
	lines     jsonpos.Lines
	file      File
	fileIndex int
	defIndex  int // running count of definitions in file order
	hooks     []*Hook
	warnings  []Diagnostic
	disabled  []DisabledName
	// lint, set only by Validate, collects the extra findings of validate
	// (validate_lint.go); nil when loading for fire.
	lint *linter
	// pluginVar and pluginRoot are PluginRootVar(spec.path), computed
	// once per file.
	pluginVar, pluginRoot string
	// agent describes the agent whose dialect the file is in; zero for
	// native.
	agent agent.Agent
	// key is the "hooks" entry being read ("" outside them): the
	// EventKey of its findings; keyFamily the family its name is limited
	// to ("" for none: agents.EventName.Family).
	key       string
	keyFamily agent.Family
	// eventNames are every agent's event names (agents.EventNames), read
	// once per file when a key is not the catalogue's.
	eventNames agents.EventIndex
}

// decodeFile parses data (the contents of spec.path) and appends the file,
// its hooks, its disabled list and its warnings to reg. A syntax error or a
// top level that is not an object is returned as an *Error.
func decodeFile(reg *Registry, spec fileSpec, fileIndex int, data []byte) error {
	return decodeFileLint(reg, spec, fileIndex, data, nil)
}

// decodeFileLint is decodeFile that also feeds lint (if not nil) every
// definition and hook entry, for validate.
func decodeFileLint(reg *Registry, spec fileSpec, fileIndex int, data []byte, lint *linter) error {
	lines := jsonpos.NewLines(data)
	pos := func(off int) Position {
		line, col := lines.LineCol(off)
		return Position{File: spec.path, Line: line, Col: col}
	}
	ag, _ := spec.dialect.Agent()
	if err := refuseLayout(spec, ag); err != nil {
		return err
	}
	root, dups, err := jsonpos.Parse(data, jsonpos.Options{Only: topLevelFields(ag), ListSkipped: lint != nil})
	if err != nil {
		var se *jsonpos.SyntaxError
		if errors.As(err, &se) {
			return &Error{Pos: pos(se.Off), Msg: "invalid JSON: " + se.Msg, Err: err}
		}
		return &Error{Pos: Position{File: spec.path}, Msg: err.Error(), Err: err}
	}
	if root.Kind != jsonpos.Object {
		return &Error{Pos: pos(root.Off), Msg: fmt.Sprintf("a config file must be a JSON object, not %s", root.Kind.Phrase())}
	}
	pluginVar, pluginRoot := PluginRootVar(spec.path)
	stray, strayDir, strayWhy := strayPlugin(spec, data, root)
	if stray.Name != "" {
		spec.dialect, ag = Dialect(stray.Name), stray
		pluginVar, pluginRoot = stray.PluginRootVar, strayDir
	}
	d := &fileDecoder{
		agent:      ag,
		pluginVar:  pluginVar,
		pluginRoot: pluginRoot,
		spec:       spec,
		lines:      lines,
		fileIndex:  fileIndex,
		file:       File{Path: spec.path, Source: spec.source, Dialect: spec.dialect, Enabled: true, Project: spec.isProject()},
		lint:       lint,
	}
	if err := d.duplicates(dups); err != nil {
		return err
	}
	if stray.Name != "" {
		d.advise(root.Off, "read as %s's plugin hooks file (%s dialect, %s=%s), as %s, although %s has no %s; pass --dialect native to read it as hookexec's own",
			stray.Title, stray.Name, stray.PluginRootVar, strayDir, strayWhy, strayDir, filepath.FromSlash(stray.PluginManifest))
	}
	d.settings(root)
	d.userSettings(reg, root)
	if lint != nil {
		lint.fileFields(d, root)
	}
	d.layout(root)

	slices.SortStableFunc(d.warnings, func(a, b Diagnostic) int {
		return cmp.Or(cmp.Compare(a.Pos.Line, b.Pos.Line), cmp.Compare(a.Pos.Col, b.Pos.Col))
	})
	reg.Files = append(reg.Files, d.file)
	reg.Hooks = append(reg.Hooks, d.hooks...)
	reg.Disabled = append(reg.Disabled, d.disabled...)
	reg.Warnings = append(reg.Warnings, d.warnings...)
	return nil
}

func (d *fileDecoder) pos(off int) Position {
	line, col := d.lines.LineCol(off)
	return Position{File: d.spec.path, Line: line, Col: col}
}

func (d *fileDecoder) warn(off int, format string, args ...any) {
	d.warnings = append(d.warnings, Diagnostic{Pos: d.pos(off), Severity: SeverityWarning, Message: fmt.Sprintf(format, args...), EventKey: d.key})
}

// skip records a warning about hooks that are left out (Diagnostic.Skips).
func (d *fileDecoder) skip(off int, format string, args ...any) {
	d.warn(off, format, args...)
	d.warnings[len(d.warnings)-1].Skips = true
}

// standIn sets h, an invalid entry's stand-in, as the Stand of the
// warnings from index from on that left it out, with the file's fields.
func (d *fileDecoder) standIn(from int, h *Hook) {
	h.Source, h.File, h.FileIndex, h.Dialect = d.spec.source, d.spec.path, d.fileIndex, d.spec.dialect
	h.FailClosed = d.file.FailClosed
	h.FileDisabled = !d.file.Enabled
	h.FromProject = d.file.Project
	for i := from; i < len(d.warnings); i++ {
		if d.warnings[i].Skips {
			d.warnings[i].Stand = h
		}
	}
}

// advise records a warning about a hook that is kept all the same.
func (d *fileDecoder) advise(off int, format string, args ...any) {
	d.warnings = append(d.warnings, Diagnostic{Pos: d.pos(off), Severity: SeverityWarning, Message: fmt.Sprintf(format, args...), Kept: true, EventKey: d.key})
}

// present reports whether a field is given: absent and null are the same.
func present(v *jsonpos.Value) bool { return v != nil && v.Kind != jsonpos.Null }

// settings reads hooksConfig and Claude's disableAllHooks. Values of the
// wrong type are reported and ignored.
func (d *fileDecoder) settings(root *jsonpos.Value) {
	if v := root.Get("disableAllHooks"); present(v) {
		if v.Kind != jsonpos.Bool {
			d.warn(v.Off, `"disableAllHooks" must be a boolean, got %s; ignored`, v.Kind)
		} else if v.Bool {
			d.file.Enabled = false
		}
	}
	hc := root.Get("hooksConfig")
	if !present(hc) {
		return
	}
	if hc.Kind != jsonpos.Object {
		d.warn(hc.Off, `"hooksConfig" must be an object, got %s; ignored`, hc.Kind)
		return
	}
	if d.strictFields() {
		// The file is read all the same; a misspelt "failClosed" or
		// "enabled" means the file does not do what it says.
		for _, m := range hc.Members {
			if !slices.Contains(knownHooksConfigFields(), m.Key) {
				d.advise(m.KeyOff, "hooksConfig: %s; ignored", unknownFieldMessage(m.Key, knownHooksConfigFields()))
				d.warnings[len(d.warnings)-1].Weakens = true
			}
		}
	}
	if v := hc.Get("enabled"); present(v) {
		if v.Kind != jsonpos.Bool {
			d.warn(v.Off, `"hooksConfig.enabled" must be a boolean, got %s; ignored`, v.Kind)
		} else if !v.Bool {
			d.file.Enabled = false
		}
	}
	if v := hc.Get("failClosed"); present(v) {
		if v.Kind != jsonpos.Bool {
			d.warn(v.Off, `"hooksConfig.failClosed" must be a boolean, got %s; ignored`, v.Kind)
		} else {
			d.file.FailClosed = v.Bool
		}
	}
	if v := hc.Get("disabled"); present(v) {
		if v.Kind != jsonpos.Array {
			d.warn(v.Off, `"hooksConfig.disabled" must be an array of strings, got %s; ignored`, v.Kind)
			return
		}
		for i, el := range v.Elems {
			if el.Kind != jsonpos.String {
				d.warn(el.Off, `"hooksConfig.disabled[%d]" must be a string, got %s; ignored`, i, el.Kind)
				continue
			}
			d.disabled = append(d.disabled, DisabledName{Name: el.Str, FromProject: d.file.Project})
		}
	}
}

// events reads the "hooks" object: event key -> array of definitions.
func (d *fileDecoder) events(hooks *jsonpos.Value) {
	if !present(hooks) {
		return
	}
	if hooks.Kind != jsonpos.Object {
		d.skip(hooks.Off, `"hooks" must be an object mapping event names to hook definitions, got %s; ignored`, hooks.Kind)
		return
	}
	last := make(map[string]int, len(hooks.Members))
	for i, m := range hooks.Members {
		last[m.Key] = i
	}
	defer func() { d.key, d.keyFamily = "", "" }()
	for i, m := range hooks.Members {
		if last[m.Key] != i {
			continue // a duplicate: the last wins (duplicates warned)
		}
		d.key = m.Key
		ev, ok := event.ByKey(m.Key) // the catalogue's own names: no family
		d.keyFamily = ""
		if !ok {
			if d.eventNames == nil {
				d.eventNames = agents.NewEventIndex()
			}
			var name agents.EventName
			name, ok = d.eventNames[m.Key]
			ev, d.keyFamily = name.Event, name.Family
		}
		if !ok {
			// Kept under an unknown event of exactly that name: they run
			// when an agent fires it (--format claude|gemini), never for
			// a known event. A key close to a known name is most likely
			// a typo that keeps a guard from running: a skipped guard
			// (skip: validate reports it as an error, the agent formats
			// tell the user, --fail-closed denies over it); any other
			// is a newer agent's event, a warning (advise).
			const kept = "its hooks run only for 'fire %s' in an agent format (--format claude|gemini)"
			switch s := d.suggestEvent(m.Key); {
			case s != "" && strings.EqualFold(s, m.Key):
				d.skip(m.KeyOff, "unknown event %q (did you mean %q? event names are case-sensitive); "+kept, m.Key, s, m.Key)
			case s != "":
				d.skip(m.KeyOff, "unknown event %q (did you mean %q?); "+kept, m.Key, s, m.Key)
			default:
				d.advise(m.KeyOff, "unknown event %q; "+kept, m.Key, m.Key)
			}
			ev = event.Unknown(m.Key)
		} else {
			d.foreignEvent(m, ev)
		}
		if !present(m.Val) {
			continue
		}
		if m.Val.Kind != jsonpos.Array {
			d.skip(m.Val.Off, "%s: must be an array of hook definitions, got %s; skipped", m.Key, m.Val.Kind)
			continue
		}
		for i, def := range m.Val.Elems {
			d.entry(m.Key, ev, i, def)
		}
	}
}

// definition reads one hook definition (group). An invalid definition is
// skipped with a warning; its hooks are still checked so that every
// problem is reported.
func (d *fileDecoder) definition(key string, ev event.Event, idx int, v *jsonpos.Value) {
	where := fmt.Sprintf("%s[%d]", key, idx)
	defIndex := d.defIndex
	d.defIndex++
	if v.Kind != jsonpos.Object {
		d.skip(v.Off, "%s: a hook definition must be an object, got %s; skipped", where, v.Kind)
		return
	}
	if d.lint != nil {
		d.lint.definitionFields(d, where, v)
	}
	valid := true
	bad := func(off int, format string, args ...any) {
		d.skip(off, where+": "+format+"; definition skipped", args...)
		valid = false
	}
	if off, msg := d.unknownField(v, knownDefinitionFields()); msg != "" {
		bad(off, "%s", msg)
		d.warnings[len(d.warnings)-1].Weakens = true
	}

	var pattern string
	mv := v.Get("matcher")
	if present(mv) {
		switch {
		case mv.Kind != jsonpos.String:
			bad(mv.Off, `"matcher" must be a string, got %s`, mv.Kind)
		case hasNUL(mv.Str):
			bad(mv.Off, `"matcher" contains a NUL byte`)
		default:
			pattern = mv.Str
		}
	}
	var sequential bool
	if sv := v.Get("sequential"); present(sv) {
		if sv.Kind != jsonpos.Bool {
			bad(sv.Off, `"sequential" must be a boolean, got %s`, sv.Kind)
		} else {
			sequential = sv.Bool
		}
	}
	var priority int
	if pv := v.Get("priority"); present(pv) {
		if n, ok := intValue(pv); ok {
			priority = n
		} else {
			bad(pv.Off, `"priority" must be an integer, got %s`, literal(pv))
		}
	}
	hv := v.Get("hooks")
	switch {
	case !present(hv):
		bad(v.Off, `missing "hooks" array`)
	case hv.Kind != jsonpos.Array:
		bad(hv.Off, `"hooks" must be an array, got %s`, hv.Kind)
	}

	var matcher Matcher
	// validate (lint) also checks the matcher of a definition that is
	// skipped for another reason.
	if valid || d.lint != nil {
		m, err := CompileMatcher(d.spec.dialect, ev, pattern)
		msg := d.patternMessage(err)
		switch {
		case err != nil && m == nil:
			bad(mv.Off, "%s", msg)
		case err != nil && badMatcherNeverMatches(m):
			d.skip(mv.Off, "%s: %s; this matcher never matches", where, msg)
		}
		matcher = m
		if d.lint != nil {
			d.lint.matcher(d, where, ev, mv, m, err)
		}
	}
	if hv == nil || hv.Kind != jsonpos.Array {
		return
	}
	for j, el := range hv.Elems {
		hwhere := fmt.Sprintf("%s.hooks[%d]", where, j)
		before := len(d.warnings)
		h := d.hook(hwhere, el)
		if h != nil {
			h.Matcher = matcher // the linter compares it with "if"
		} else if valid && matcher != nil {
			d.standIn(before, &Hook{Pos: d.pos(el.Off), EventKey: key, Event: ev, KeyFamily: d.keyFamily, Matcher: matcher,
				Sequential: sequential, Priority: priority, DefIndex: defIndex, HookIndex: j})
		}
		if d.lint != nil {
			d.lint.hook(d, hwhere, ev, el, h)
		}
		if h == nil || !valid {
			continue
		}
		h.EventKey, h.Event, h.KeyFamily = key, ev, d.keyFamily
		if !d.eventRules(hwhere, el, key, ev, h) {
			continue
		}
		h.Matcher, h.Sequential, h.Priority = matcher, sequential, priority
		h.Source, h.File, h.FileIndex, h.Dialect = d.spec.source, d.spec.path, d.fileIndex, d.spec.dialect
		h.DefIndex, h.HookIndex = defIndex, j
		h.FailClosed = h.FailClosed || d.file.FailClosed
		h.FileDisabled = !d.file.Enabled
		h.FromProject = d.file.Project
		d.hooks = append(d.hooks, h)
	}
}

// intValue reads an integral JSON number that fits an int ("1e3" is 1000).
func intValue(v *jsonpos.Value) (int, bool) {
	if v.Kind != jsonpos.Number {
		return 0, false
	}
	if n, err := strconv.Atoi(v.Str); err == nil {
		return n, true
	}
	f, err := strconv.ParseFloat(v.Str, 64)
	if err != nil || f != math.Trunc(f) || math.Abs(f) > 1<<53 {
		return 0, false
	}
	return int(f), true
}

// literal describes a value for a message: numbers as written, else the type.
func literal(v *jsonpos.Value) string {
	if v.Kind == jsonpos.Number {
		return v.Str
	}
	return v.Kind.String()
}
