package registry

import (
	"strconv"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/jsonpos"
)

// The fields of a Claude Code command hook beyond hookexec's own, as
// Claude Code 2.1.328's settings schema lists them (docs/async-hooks.md has
// the table: which hookexec honours, which it ignores as Claude Code does,
// and why). Every dialect accepts them, so that a Claude Code config runs
// unchanged wherever it is loaded from.

// claudeCommandFields are the fields Claude Code accepts on a command hook
// that are not in SPEC §2.1: "if" and "onFailure" (read by their own
// code), "async" and "asyncRewake" (honoured: claudeFields), and the
// ignored ones (ignoredClaudeFields).
func claudeCommandFields() []string {
	fields := []string{"if", "onFailure", "async", "asyncRewake"}
	for _, f := range ignoredClaudeFields() {
		fields = append(fields, f.name)
	}
	return fields
}

// ignoredField is a field hookexec accepts and ignores, as Claude Code
// ignores it wherever hookexec reads a hook.
type ignoredField struct {
	name string
	kind jsonpos.Kind
}

// ignoredClaudeFields: statusMessage is the text of Claude Code's spinner
// (hookexec shows none); once is honoured by Claude Code only in a skill's
// frontmatter, never in settings files or plugins, the files hookexec
// reads; rewakeMessage and rewakeSummary word the message with which an
// asyncRewake hook wakes the model, which hookexec cannot send; cloud says
// whether a cloud session may run the hook.
func ignoredClaudeFields() []ignoredField {
	return []ignoredField{
		{"statusMessage", jsonpos.String},
		{"once", jsonpos.Bool},
		{"rewakeMessage", jsonpos.String},
		{"rewakeSummary", jsonpos.String},
		{"cloud", jsonpos.String},
	}
}

// claudeFields reads async and asyncRewake, and checks the types of the
// ignored fields. None of them ever makes the hook invalid: a value of the
// wrong type is reported (the hook is kept) and read as absent, so the hook
// runs in the foreground and its answer counts.
func (r *hookReader) claudeFields(h *Hook) {
	if r.bad {
		return
	}
	h.AsyncRewake = r.flag("asyncRewake")
	h.Async = r.flag("async") || h.AsyncRewake
	for _, f := range ignoredClaudeFields() {
		if v := r.obj.Get(f.name); present(v) && v.Kind != f.kind {
			r.d.advise(v.Off, "%s: %q must be a %s, got %s; ignored (hookexec ignores this field in any case)", r.where, f.name, f.kind, v.Kind)
		}
	}
}

// flag reads an optional boolean that changes how the hook runs, never
// whether it runs.
func (r *hookReader) flag(key string) bool {
	v := r.obj.Get(key)
	if !present(v) {
		return false
	}
	if v.Kind != jsonpos.Bool {
		r.d.advise(v.Off, "%s: %q must be a boolean, got %s; read as false: the hook runs in the foreground and its answer counts", r.where, key, v.Kind)
		return false
	}
	return v.Bool
}

// shell reads "shell" (SPEC §4.2: a program). Where the dialect's agent
// accepts only some values (agent.Agent.ShellValues), each runs the
// program the agent runs for it: Claude Code's "bash" is its default
// shell, which is the dialect's default here (sh; on Windows Git Bash,
// else cmd.exe), and "powershell" runs pwsh, as in Claude Code. Any other
// value stays a program name, as in the other dialects; validate says that
// the agent accepts only its values (claudeShell).
func (r *hookReader) shell() string {
	return r.d.agent.ShellProgram(r.str("shell"))
}

// claudeShell warns about a "shell" that the dialect's agent would refuse
// (agent.Agent.ShellValues: Claude Code's schema accepts only "bash" and
// "powershell").
func (l *linter) claudeShell(d *fileDecoder, where string, v *jsonpos.Value) {
	a := d.agent
	if a.ShellValues == nil || !present(v) || v.Kind != jsonpos.String {
		return
	}
	var names []string
	for _, sv := range a.ShellValues {
		if sv.Name == v.Str {
			return
		}
		names = append(names, strconv.Quote(sv.Name))
	}
	l.warn(d, v.Off, `%s: "shell" %q: %s accepts only %s here; hookexec runs the program %q`, where, v.Str, a.Title, agents.OrList(names), v.Str)
}

// asyncRewake says what an asyncRewake hook loses behind hookexec: it runs
// in the background, but nothing wakes the model when it exits 2
// (docs/async-hooks.md).
func (l *linter) asyncRewake(d *fileDecoder, where string, v *jsonpos.Value, h *Hook) {
	if !h.AsyncRewake {
		return
	}
	l.warn(d, v.Off, `%s: "asyncRewake": hookexec runs the hook in the background but cannot wake the model when it exits 2: fire has answered by then (register it in Claude Code's own settings to keep the wake-up)`, where)
}
