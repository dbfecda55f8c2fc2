package engine

import (
	"fmt"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/registry"
	"github.com/hookexec/hookexec/internal/verdict"
)

// unknownEvent applies SPEC §2.5 to an event hookexec does not know that
// has no hook registered under its exact name (a typo in the event name
// of hookexec's own entry in the agent's settings): hookexec cannot tell
// which guards the call needed, so the event is denied, with the closest
// name and the fix. It returns the event the answer is written for: the
// one the input's hook_event_name names when hookexec knows it (the
// agent's own name for the event it sent), else ev, answered as a block.
// When that event cannot block, the user is told in systemMessage
// (denyOrTell). An unknown event with hooks under its name runs them, and
// is returned as it is.
func unknownEvent(reg *registry.Registry, ev event.Event, in *event.Input, v verdict.Verdict) (verdict.Verdict, event.Event) {
	if !ev.Unknown || len(reg.ForEvent(ev)) > 0 {
		return v, ev
	}
	answer := ev
	if name, _ := in.String("hook_event_name"); name != "" && name != ev.Name {
		if n, err := agents.LookupEvent(name); err == nil {
			answer = n.Event
		}
	}
	reason := fmt.Sprintf("unknown event %q: no hook is registered under it, so hookexec cannot tell which guards this call needs", ev.Name)
	if s := agents.SuggestEvent(ev.Name); s != "" {
		reason += fmt.Sprintf(" (did you mean %q?)", s)
	}
	reason += "; fix the event name in the hookexec command of the agent's hook settings"
	v.GuardOff = append(v.GuardOff, verdict.GuardOff{Kind: verdict.GuardOffUnknownEvent, Detail: reason})
	return denyOrTell(answer, in, v, reason), answer
}
