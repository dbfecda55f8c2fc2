package registry

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/jsonpos"
	"github.com/hookexec/hookexec/internal/matcher"
	"github.com/hookexec/hookexec/internal/spelling"
)

// The validation layer: the decoder (decode.go) calls a linter, when it has
// one, with every definition and hook entry it reads, and the linter adds
// the findings that fire does not care about. Fire loads without a linter.

// lintEnv is what the checks that look outside the file need.
type lintEnv struct {
	// projectDir is absolute: relative script paths are resolved against it.
	projectDir string
	// getenv reads PATH, HOME and HOOKEXEC_SHELL.
	getenv func(string) string
}

// linter collects the validation layer's findings for one file.
type linter struct {
	env      lintEnv
	findings []Diagnostic
	// unchecked counts the shell-form commands whose syntax was not
	// checked, by the base name of their shell (no parser for it).
	unchecked map[string]int
}

func (l *linter) add(d *fileDecoder, off int, sev Severity, format string, args ...any) {
	l.findings = append(l.findings, Diagnostic{Pos: d.pos(off), Severity: sev, Message: fmt.Sprintf(format, args...)})
}

func (l *linter) warn(d *fileDecoder, off int, format string, args ...any) {
	l.add(d, off, SeverityWarning, format, args...)
}

func (l *linter) fail(d *fileDecoder, off int, format string, args ...any) {
	l.add(d, off, SeverityError, format, args...)
}

// Known fields. In hookexec's own files (the native dialect) a hook or
// definition with an unknown field is skipped (strictFields): the field is
// most often a typo ("timout", "failclosed") that silently weakens a guard.
// In an agent's settings fire ignores unknown fields, as agents add fields
// of their own, and validate warns. hooksConfig.notifications is Gemini
// CLI's and harmless.
func knownTopLevelFields() []string {
	return []string{"hooks", "hooksConfig", "disableAllHooks", settingsKey}
}

func knownHooksConfigFields() []string {
	return []string{"enabled", "disabled", "failClosed", "notifications"}
}

func knownDefinitionFields() []string {
	return []string{"matcher", "sequential", "priority", "hooks"}
}

// knownHookFields are SPEC §2.1's, an http hook's (hook_http.go) and the
// fields Claude Code accepts on a command hook (claudefields.go), in every
// dialect.
func knownHookFields() []string {
	fields := []string{"type", "command", "args", "name", "description", "timeout", "env", "shell", "failClosed", "url", "headers", "allowedEnvVars"}
	fields = append(fields, rulesFields...)
	return append(fields, claudeCommandFields()...)
}

// fileFields checks the top level (other keys are allowed, as in an agent's
// settings.json, unless they look like a misspelt hookexec key) and
// hooksConfig.
func (l *linter) fileFields(d *fileDecoder, root *jsonpos.Value) {
	known := topLevelFields(d.agent)
	if known == nil {
		return // a named layout's keys are definition names
	}
	for _, m := range root.Members {
		if slices.Contains(known, m.Key) {
			continue
		}
		if s := spelling.Closest(m.Key, known, 1); s != "" {
			l.warn(d, m.KeyOff, "top-level key %q is ignored (did you mean %q?)", m.Key, s)
		}
	}
	if hc := root.Get("hooksConfig"); hc != nil && hc.Kind == jsonpos.Object && !d.strictFields() {
		l.unknownFields(d, "hooksConfig", hc, knownHooksConfigFields())
	}
}

func (l *linter) definitionFields(d *fileDecoder, where string, v *jsonpos.Value) {
	if !d.strictFields() {
		l.unknownFields(d, where, v, knownDefinitionFields())
	}
}

// unknownFields warns about each member of obj that is not in known.
func (l *linter) unknownFields(d *fileDecoder, where string, obj *jsonpos.Value, known []string) {
	for _, m := range obj.Members {
		if !slices.Contains(known, m.Key) {
			l.warn(d, m.KeyOff, "%s: %s; ignored", where, unknownFieldMessage(m.Key, known))
		}
	}
}

// unknownFieldMessage says that key is not a known field, with the known
// one it most likely means.
func unknownFieldMessage(key string, known []string) string {
	if s := spelling.Closest(key, known, max(1, len(key)/4)); s != "" {
		return fmt.Sprintf("unknown field %q (did you mean %q?)", key, s)
	}
	return fmt.Sprintf("unknown field %q", key)
}

// strictFields reports whether a hook or definition with an unknown field
// is skipped: in hookexec's own dialect, whose every field hookexec knows.
func (d *fileDecoder) strictFields() bool { return d.spec.dialect == Native }

// unknownField is the offset and message of obj's first member that is
// not in known, when the file's fields are strict; "" when there is none.
func (d *fileDecoder) unknownField(obj *jsonpos.Value, known []string) (int, string) {
	if !d.strictFields() {
		return 0, ""
	}
	for _, m := range obj.Members {
		if !slices.Contains(known, m.Key) {
			return m.KeyOff, unknownFieldMessage(m.Key, known)
		}
	}
	return 0, ""
}

// matcher checks a definition's matcher beyond "does it compile", which the
// decoder reports (native, claude).
func (l *linter) matcher(d *fileDecoder, where string, ev event.Event, mv *jsonpos.Value, m Matcher, err error) {
	if mv == nil || mv.Kind != jsonpos.String || m == nil {
		return
	}
	dialect := d.spec.dialect
	if err != nil && badMatcherExact(m) {
		l.warn(d, mv.Off, "%s: %s; %s compares it with the value for exact equality instead", where, d.patternMessage(err), dialect)
	}
	switch {
	case m.MatchesAll():
	case ev.MatchField == "":
		l.warn(d, mv.Off, "%s: matcher %q has no effect: %s has no match value, so these hooks run for every %s event", where, mv.Str, ev.Name, ev.Name)
	case m.Kind() == matcher.KindGlob && regexAlternative(mv.Str):
		l.warn(d, mv.Off, "%s: matcher %q: \"re:\" makes a regular expression only at the start of the whole matcher; in an alternative it is matched literally", where, mv.Str)
	case m.Kind() == matcher.KindGlob && looksLikeRegex(mv.Str):
		l.warn(d, mv.Off, "%s: matcher %q looks like a regular expression, but native matchers are |-separated globs matched against the whole value; write %q for a regular expression", where, mv.Str, "re:"+strings.TrimSpace(mv.Str))
	default:
		l.toolNames(d, where, ev, mv, m)
	}
}

// regexAlternative reports a "re:" prefix on an alternative other than the
// first: it is matched literally.
func regexAlternative(p string) bool {
	for _, alt := range strings.Split(p, "|") {
		if strings.HasPrefix(strings.TrimSpace(alt), "re:") {
			return true
		}
	}
	return false
}

// looksLikeRegex reports regular-expression syntax that a glob reads
// literally.
func looksLikeRegex(p string) bool {
	for _, s := range []string{"^", "$", "(", ")", "+", ".*", ".+", `\d`, `\w`, `\s`, `\b`} {
		if strings.Contains(p, s) {
			return true
		}
	}
	return false
}

// hook checks one hook entry: unknown fields always; for an entry that
// decoded (h != nil, even inside a definition that is skipped) its program
// and its shell syntax. A timeout in the wrong unit is reported when the
// file is loaded (unitWarning), so fire reports it too.
func (l *linter) hook(d *fileDecoder, where string, ev event.Event, el *jsonpos.Value, h *Hook) {
	if el.Kind != jsonpos.Object {
		return
	}
	if !d.strictFields() {
		l.unknownFields(d, where, el, knownHookFields())
	}
	l.otherTypeFields(d, where, el, h)
	if h == nil {
		return
	}
	l.ifField(d, where, ev, el, h)
	if h.Rules != nil {
		l.rulesField(d, where, ev, el, h)
		return
	}
	if h.HTTP != nil {
		return
	}
	l.claudeShell(d, where, el.Get("shell"))
	l.asyncRewake(d, where, el.Get("asyncRewake"), h)
	cmdOff := el.Off
	if cv := el.Get("command"); cv != nil {
		cmdOff = cv.Off
	}
	l.projectExec(d, where, cmdOff, h)
	if h.ExecForm {
		l.execProgram(d, where, cmdOff, h)
		return
	}
	l.shellCommand(d, where, cmdOff, el.Get("shell"), h)
	if vars := d.agent.PastedVars; vars != nil {
		for _, name := range quotedVars(h.Command, vars) {
			l.warn(d, cmdOff, `%s: %s inside "...": %s pastes its value already quoted, so in a project whose path needs quoting (a space, @, :, ...) the quotes become part of the word, and a script path there does not exist (bash exits 127, which %s and hookexec take as a deny); write %s unquoted`, where, name, d.spec.dialect.agent(), d.spec.dialect.agent(), name)
		}
	}
}

// otherTypeFields warns about the fields of a command hook on an http hook,
// and the other way round: they are ignored.
func (l *linter) otherTypeFields(d *fileDecoder, where string, el *jsonpos.Value, h *Hook) {
	if h == nil {
		return
	}
	fields, kind := append([]string{"url", "headers", "allowedEnvVars"}, rulesFields...), "a command"
	switch {
	case h.HTTP != nil:
		fields, kind = append([]string{"command", "args", "shell", "env", "async", "asyncRewake"}, rulesFields...), "an http"
	case h.Rules != nil:
		fields, kind = []string{"command", "args", "shell", "env", "async", "asyncRewake", "url", "headers", "allowedEnvVars", "timeout", "if"}, "a rules"
	}
	for _, f := range fields {
		if v := el.Get(f); v != nil {
			l.warn(d, v.Off, "%s: field %q has no effect on %s hook; ignored", where, f, kind)
		}
	}
}

// ShortDuration is d.String() without trailing zero units, as messages and
// plan show timeouts: "8h20m", "1h", "10m", "1m30s", "5ms".
func ShortDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}
