package registry

import "github.com/hookexec/hookexec/internal/event"

// failPolicy reads the hook's fail policy: hookexec's "failClosed" (a
// boolean) and Claude Code's "onFailure" ("continue", the default, or
// "block", since Claude Code 2.1.295). Either asks the hook to fail closed
// (SPEC §4.6), in every dialect. An onFailure value that is not one of the
// two keeps the hook and makes it fail closed, with a warning: a typo must
// not turn a guard the user wanted closed into one that fails open. When
// the two fields disagree, closed wins.
func (r *hookReader) failPolicy() bool {
	closed := false
	if f := r.obj.get("failClosed"); !r.bad && present(f) {
		if f.kind != kindBool {
			r.fail(f.off, `"failClosed" must be a boolean, got %s`, f.kind)
			return false
		}
		closed = f.b
	}
	f := r.obj.get("onFailure")
	if r.bad || !present(f) {
		return closed
	}
	switch {
	case f.kind == kindString && f.str == "block":
		return true
	case f.kind == kindString && f.str == "continue":
		if closed {
			r.d.advise(f.off, `%s: "onFailure": "continue" contradicts "failClosed": true; the hook fails closed`, r.where)
		}
		return closed
	case f.kind == kindString:
		r.d.advise(f.off, `%s: "onFailure" must be "continue" or "block", got %q; the hook fails closed, as with "block"`, r.where, f.str)
	default:
		r.d.advise(f.off, `%s: "onFailure" must be the string "continue" or "block", got %s; the hook fails closed, as with "block"`, r.where, f.kind)
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
func (d *fileDecoder) eventRules(where string, el *value, key string, ev event.Event, h *Hook) bool {
	if h.HTTP != nil && (ev.Name == "SessionStart" || key == "Setup") {
		d.warn(el.off, "%s: http hooks do not run on %s, as in Claude Code (only command hooks run there); hook skipped", where, key)
		return false
	}
	if a := d.agent; h.FailClosed && (a.IgnoresFailPolicy(key) || a.IgnoresFailPolicy(ev.Name)) {
		d.advise(el.off, "%s: the hook's fail policy (onFailure or failClosed) has no effect on %s, as in Claude Code: a failed hook lets the agent stop", where, key)
		h.FailClosed = false
	}
	return true
}
