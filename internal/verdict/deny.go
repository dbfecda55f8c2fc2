package verdict

import (
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/termstyle"
)

// ErrorDeny is the verdict fire prints under --fail-closed for a config or
// input error on an event that can block (SPEC §6): a deny with the error
// as its reason (on one line, whatever the names in it hold), and no hook.
func ErrorDeny(ev event.Event, err error) Verdict {
	return Verdict{Event: ev.Name, Blocked: true, Decision: "deny", Reason: termstyle.Inline(err.Error()), Continue: true, Hooks: []HookReport{}}
}

// ErrorAnswer is the verdict fire (and serve) gives for a config or input
// error, and false when there is none: in an agent format ErrorVerdict; in
// the result format the deny of --fail-closed on an event that can block
// (ErrorDeny), else nothing (fire exits 1 with the error, SPEC §6).
func ErrorAnswer(f Format, ev event.Event, err error, failClosed bool) (Verdict, bool) {
	switch {
	case f != FormatResult:
		return ErrorVerdict(ev, err, failClosed), true
	case failClosed && ev.CanBlock:
		return ErrorDeny(ev, err), true
	}
	return Verdict{}, false
}

// ErrorVerdict is the verdict fire prints in an agent format for a config
// or input error (SPEC §6): the error in systemMessage, which the agent
// shows its user, and with failClosed a deny on an event that can block
// (ErrorDeny). On Gemini's BeforeToolSelection, where any answer is read
// as a tool config, it says nothing (unless it denies, which that event
// cannot).
func ErrorVerdict(ev event.Event, err error, failClosed bool) Verdict {
	v := Verdict{Event: ev.Name, Continue: true, Hooks: []HookReport{}}
	if failClosed && ev.CanBlock {
		v = ErrorDeny(ev, err)
	}
	if ev.Strategy != event.StrategyToolSelection {
		v.SystemMessage = "hookexec: no hook ran for this event: " + termstyle.Inline(err.Error()) + " (run 'hookexec validate' to check the configs)"
	}
	return v
}

// Deny turns v into a deny on an event that can block, with reason first
// among the reasons (SPEC §2.4: --untrusted deny, and --fail-closed with
// hooks left out). On other events v is unchanged.
func Deny(ev event.Event, v Verdict, reason string) Verdict {
	if !ev.CanBlock {
		return v
	}
	if v.Decision == "deny" && v.Reason != "" {
		reason += "\n" + v.Reason
	}
	v.Decision, v.Reason, v.Blocked = "deny", reason, true
	return v
}
