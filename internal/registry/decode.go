package registry

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
)

// fileDecoder turns the parsed tree of one config file into hooks, warnings
// and file settings.
type fileDecoder struct {
	spec      fileSpec
	lines     lineIndex
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
	// EventKey of its findings.
	key string
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
	lines := newLineIndex(data)
	pos := func(off int) Position {
		line, col := lines.lineCol(off)
		return Position{File: spec.path, Line: line, Col: col}
	}
	root, dups, err := parseConfig(data, knownTopLevelFields(), lint != nil)
	if err != nil {
		var se *syntaxError
		if errors.As(err, &se) {
			return &Error{Pos: pos(se.off), Msg: "invalid JSON: " + se.msg, Err: err}
		}
		return &Error{Pos: Position{File: spec.path}, Msg: err.Error(), Err: err}
	}
	if root.kind != kindObject {
		return &Error{Pos: pos(root.off), Msg: fmt.Sprintf("a config file must be a JSON object, not %s", article(root.kind))}
	}
	pluginVar, pluginRoot := PluginRootVar(spec.path)
	ag, _ := spec.dialect.Agent()
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
	d.settings(root)
	if lint != nil {
		lint.fileFields(d, root)
	}
	d.events(root.get("hooks"))

	slices.SortStableFunc(d.warnings, func(a, b Diagnostic) int {
		return cmp.Or(cmp.Compare(a.Pos.Line, b.Pos.Line), cmp.Compare(a.Pos.Col, b.Pos.Col))
	})
	reg.Files = append(reg.Files, d.file)
	reg.Hooks = append(reg.Hooks, d.hooks...)
	reg.Disabled = append(reg.Disabled, d.disabled...)
	reg.Warnings = append(reg.Warnings, d.warnings...)
	return nil
}

func article(k kind) string {
	switch k {
	case kindArray, kindObject:
		return "an " + k.String()
	case kindNull:
		return "null"
	default:
		return "a " + k.String()
	}
}

func (d *fileDecoder) pos(off int) Position {
	line, col := d.lines.lineCol(off)
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

// advise records a warning about a hook that is kept all the same.
func (d *fileDecoder) advise(off int, format string, args ...any) {
	d.warnings = append(d.warnings, Diagnostic{Pos: d.pos(off), Severity: SeverityWarning, Message: fmt.Sprintf(format, args...), Kept: true, EventKey: d.key})
}

// present reports whether a field is given: absent and null are the same.
func present(v *value) bool { return v != nil && v.kind != kindNull }

// settings reads hooksConfig and Claude's disableAllHooks. Values of the
// wrong type are reported and ignored.
func (d *fileDecoder) settings(root *value) {
	if v := root.get("disableAllHooks"); present(v) {
		if v.kind != kindBool {
			d.warn(v.off, `"disableAllHooks" must be a boolean, got %s; ignored`, v.kind)
		} else if v.b {
			d.file.Enabled = false
		}
	}
	hc := root.get("hooksConfig")
	if !present(hc) {
		return
	}
	if hc.kind != kindObject {
		d.warn(hc.off, `"hooksConfig" must be an object, got %s; ignored`, hc.kind)
		return
	}
	if v := hc.get("enabled"); present(v) {
		if v.kind != kindBool {
			d.warn(v.off, `"hooksConfig.enabled" must be a boolean, got %s; ignored`, v.kind)
		} else if !v.b {
			d.file.Enabled = false
		}
	}
	if v := hc.get("failClosed"); present(v) {
		if v.kind != kindBool {
			d.warn(v.off, `"hooksConfig.failClosed" must be a boolean, got %s; ignored`, v.kind)
		} else {
			d.file.FailClosed = v.b
		}
	}
	if v := hc.get("disabled"); present(v) {
		if v.kind != kindArray {
			d.warn(v.off, `"hooksConfig.disabled" must be an array of strings, got %s; ignored`, v.kind)
			return
		}
		for i, el := range v.elems {
			if el.kind != kindString {
				d.warn(el.off, `"hooksConfig.disabled[%d]" must be a string, got %s; ignored`, i, el.kind)
				continue
			}
			d.disabled = append(d.disabled, DisabledName{Name: el.str, FromProject: d.file.Project})
		}
	}
}

// events reads the "hooks" object: event key -> array of definitions.
func (d *fileDecoder) events(hooks *value) {
	if !present(hooks) {
		return
	}
	if hooks.kind != kindObject {
		d.skip(hooks.off, `"hooks" must be an object mapping event names to hook definitions, got %s; ignored`, hooks.kind)
		return
	}
	last := make(map[string]int, len(hooks.members))
	for i, m := range hooks.members {
		last[m.key] = i
	}
	defer func() { d.key = "" }()
	for i, m := range hooks.members {
		if last[m.key] != i {
			continue // a duplicate: the last wins (duplicates warned)
		}
		d.key = m.key
		ev, ok := event.ByKey(m.key)
		if !ok {
			// Kept under an unknown event of exactly that name: they run
			// when an agent fires it (--format claude|gemini), never for
			// a known event. A key close to a known name is most likely
			// a typo that keeps a guard from running: a skipped guard
			// (skip: validate reports it as an error, the agent formats
			// tell the user, --fail-closed denies over it); any other
			// is a newer agent's event, a warning (advise).
			const kept = "its hooks run only for 'fire %s' in an agent format (--format claude|gemini)"
			switch s := event.Suggest(m.key); {
			case s != "" && strings.EqualFold(s, m.key):
				d.skip(m.keyOff, "unknown event %q (did you mean %q? event names are case-sensitive); "+kept, m.key, s, m.key)
			case s != "":
				d.skip(m.keyOff, "unknown event %q (did you mean %q?); "+kept, m.key, s, m.key)
			default:
				d.advise(m.keyOff, "unknown event %q; "+kept, m.key, m.key)
			}
			ev = event.Unknown(m.key)
		}
		if !present(m.val) {
			continue
		}
		if m.val.kind != kindArray {
			d.skip(m.val.off, "%s: must be an array of hook definitions, got %s; skipped", m.key, m.val.kind)
			continue
		}
		for i, def := range m.val.elems {
			d.definition(m.key, ev, i, def)
		}
	}
}

// definition reads one hook definition (group). An invalid definition is
// skipped with a warning; its hooks are still checked so that every
// problem is reported.
func (d *fileDecoder) definition(key string, ev event.Event, idx int, v *value) {
	where := fmt.Sprintf("%s[%d]", key, idx)
	defIndex := d.defIndex
	d.defIndex++
	if v.kind != kindObject {
		d.skip(v.off, "%s: a hook definition must be an object, got %s; skipped", where, v.kind)
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

	var pattern string
	mv := v.get("matcher")
	if present(mv) {
		switch {
		case mv.kind != kindString:
			bad(mv.off, `"matcher" must be a string, got %s`, mv.kind)
		case hasNUL(mv.str):
			bad(mv.off, `"matcher" contains a NUL byte`)
		default:
			pattern = mv.str
		}
	}
	var sequential bool
	if sv := v.get("sequential"); present(sv) {
		if sv.kind != kindBool {
			bad(sv.off, `"sequential" must be a boolean, got %s`, sv.kind)
		} else {
			sequential = sv.b
		}
	}
	var priority int
	if pv := v.get("priority"); present(pv) {
		if n, ok := intValue(pv); ok {
			priority = n
		} else {
			bad(pv.off, `"priority" must be an integer, got %s`, literal(pv))
		}
	}
	hv := v.get("hooks")
	switch {
	case !present(hv):
		bad(v.off, `missing "hooks" array`)
	case hv.kind != kindArray:
		bad(hv.off, `"hooks" must be an array, got %s`, hv.kind)
	}

	var matcher Matcher
	// validate (lint) also checks the matcher of a definition that is
	// skipped for another reason.
	if valid || d.lint != nil {
		m, err := CompileMatcher(d.spec.dialect, ev, pattern)
		msg := d.patternMessage(err)
		switch {
		case err != nil && m == nil:
			bad(mv.off, "%s", msg)
		case err != nil && d.spec.dialect.badMatcherNeverMatches():
			d.skip(mv.off, "%s: %s; this matcher never matches", where, msg)
		}
		matcher = m
		if d.lint != nil {
			d.lint.matcher(d, where, ev, mv, m, err)
		}
	}
	if hv == nil || hv.kind != kindArray {
		return
	}
	for j, el := range hv.elems {
		hwhere := fmt.Sprintf("%s.hooks[%d]", where, j)
		h := d.hook(hwhere, el)
		if h != nil {
			h.Matcher = matcher // the linter compares it with "if"
		}
		if d.lint != nil {
			d.lint.hook(d, hwhere, ev, el, h)
		}
		if h == nil || !valid {
			continue
		}
		h.EventKey, h.Event = key, ev
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
func intValue(v *value) (int, bool) {
	if v.kind != kindNumber {
		return 0, false
	}
	if n, err := strconv.Atoi(v.str); err == nil {
		return n, true
	}
	f, err := strconv.ParseFloat(v.str, 64)
	if err != nil || f != math.Trunc(f) || math.Abs(f) > 1<<53 {
		return 0, false
	}
	return int(f), true
}

// literal describes a value for a message: numbers as written, else the type.
func literal(v *value) string {
	if v.kind == kindNumber {
		return v.str
	}
	return v.kind.String()
}
