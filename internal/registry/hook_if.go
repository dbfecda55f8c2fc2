package registry

import (
	"slices"
	"strings"

	"github.com/hookexec/hookexec/internal/jsonpos"

	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/permrule"
)

// ifRule reads the "if" field: one Claude Code permission rule, in the
// claude and native dialects. A value that is not a string, or
// a string that is not a rule, is reported and the hook is kept without
// the filter: it runs wherever its matcher matches, so a mistyped filter
// never turns a guard off. "" and null mean no filter. Gemini CLI (0.61)
// has no "if" and runs such a hook on every call: so do the gemini and
// llxprt dialects, with a warning.
func (r *hookReader) ifRule() (string, *permrule.Rule) {
	v := r.obj.Get("if")
	if r.bad || !present(v) {
		return "", nil
	}
	if dialect := r.d.spec.dialect; !dialect.readsIf() {
		r.d.advise(v.Off, `%s: "if" is ignored in the %s dialect: %s has no "if" and runs this hook on every call its matcher selects, and so does hookexec (in a native config, "if" filters)`, r.where, dialect, dialect.agent())
		return "", nil
	}
	if v.Kind != jsonpos.String {
		r.d.advise(v.Off, `%s: "if" must be a string (a permission rule such as "Bash(git push *)"), got %s; the hook runs without it, wherever its matcher matches`, r.where, v.Kind)
		return "<" + v.Kind.String() + ">", nil
	}
	if v.Str == "" {
		return "", nil
	}
	rule, err := permrule.Parse(v.Str)
	if err != nil {
		r.d.advise(v.Off, `%s: "if" is not a permission rule: %v; the hook runs without it, wherever its matcher matches`, r.where, err)
		return v.Str, nil
	}
	return v.Str, rule
}

// ifField is validate's check of a hook's "if" beyond "does it parse"
// (the decoder reports that): a filter on an event without a tool, where
// the hook never runs, and a specifier hookexec does not interpret.
func (l *linter) ifField(d *fileDecoder, where string, ev event.Event, el *jsonpos.Value, h *Hook) {
	v := el.Get("if")
	if h.If == "" || v == nil {
		return
	}
	if ev.MatchField != ToolField {
		l.warn(d, v.Off, `%s: "if" %q: the event has no tool, so this hook never runs (an "if" applies to tool events only, as in Claude Code)`, where, h.If)
		return
	}
	if h.IfRule == nil {
		return
	}
	for _, msg := range []string{h.IfRule.Note(), h.IfRule.Advice()} {
		if msg != "" {
			l.warn(d, v.Off, "%s: %s", where, msg)
		}
	}
	if tools, ok := h.IfRule.Tools(); ok && h.Matcher != nil && !h.Matcher.MatchesAll() && !slices.ContainsFunc(tools, h.Matcher.Match) {
		l.warn(d, v.Off, `%s: "if" %q names %s, which the matcher %q never selects: this hook never runs`, where, h.If, strings.Join(tools, ", "), h.Matcher.String())
	}
}

// ToolField is the input field of the events a hook's "if" applies to:
// those matched on the tool's name.
const ToolField = "tool_name"

// readsIf reports whether the dialect reads a hook's "if": native does,
// and an agent's when the agent does (agent.Agent.IfFilter).
func (d Dialect) readsIf() bool {
	a, ok := d.Agent()
	return !ok || a.IfFilter
}
