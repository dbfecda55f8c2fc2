package registry

import (
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/jsonpos"
)

// failPolicy reads the hook's fail policy: hookexec's "failClosed" (a
// boolean) and Claude Code's "onFailure" ("continue", the default, or
// "block", since Claude Code 2.1.295). Either asks the hook to fail closed
// (SPEC §4.6), in every dialect. An onFailure value that is not one of the
// two keeps the hook and makes it fail closed, with a warning: a typo must
// not turn a guard the user wanted closed into one that fails open. When
// the two fields disagree, closed wins.
func (r *hookReader) failPolicy() bool {
	closed := false
	if f := r.obj.Get("failClosed"); !r.bad && present(f) {
		if f.Kind != jsonpos.Bool {
			r.fail(f.Off, `"failClosed" must be a boolean, got %s`, f.Kind)
			return false
		}
		closed = f.Bool
	}
	f := r.obj.Get("onFailure")
	if r.bad || !present(f) {
		return closed
	}
	switch {
	case f.Kind == jsonpos.String && f.Str == "block":
		return true
	case f.Kind == jsonpos.String && f.Str == "continue":
		if closed {
			r.d.advise(f.Off, `%s: "onFailure": "continue" contradicts "failClosed": true; the hook fails closed`, r.where)
		}
		return closed
	case f.Kind == jsonpos.String:
		r.d.advise(f.Off, `%s: "onFailure" must be "continue" or "block", got %q; the hook fails closed, as with "block"`, r.where, f.Str)
	default:
		r.d.advise(f.Off, `%s: "onFailure" must be the string "continue" or "block", got %s; the hook fails closed, as with "block"`, r.where, f.Kind)
	}
	return true
}

// eventRules applies the rules that depend on the event a hook is
// registered under, before the file's settings are merged in. It reports
// false when the hook is skipped:
//   - an http hook under SessionStart (or Claude's Setup) is skipped with a
//     warning, as Claude Code skips it (it runs only command hooks there);
//   - a hook's own fail policy has no effect on the events where its
//     dialect's agent ignores it (agent.Agent.FailPolicyIgnored: Claude
//     Code's Stop, SubagentStop, TaskCompleted and TeammateIdle;
//     hooksConfig.failClosed and --fail-closed still apply).
func (d *fileDecoder) eventRules(where string, el *jsonpos.Value, key string, ev event.Event, h *Hook) bool {
	if h.HTTP != nil && (ev.Name == "SessionStart" || key == "Setup") {
		d.warn(el.Off, "%s: http hooks do not run on %s, as in Claude Code (only command hooks run there); hook skipped", where, key)
		return false
	}
	if a := d.agent; h.FailClosed && (a.IgnoresFailPolicy(key) || a.IgnoresFailPolicy(ev.Name)) {
		d.advise(el.Off, "%s: the hook's fail policy (onFailure or failClosed) has no effect on %s, as in Claude Code: a failed hook lets the agent stop", where, key)
		h.FailClosed = false
	}
	return true
}
