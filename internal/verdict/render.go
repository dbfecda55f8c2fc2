package verdict

import (
	"github.com/hookexec/hookexec/internal/event"
)

// The helpers the agent formats share (internal/agents/...): each agent's
// renderer is its own, over these.

// StopFields are the continue/stopReason pair of an agent output: present
// only when the verdict stops the agent (continue false on an event that
// can block).
func StopFields(ev event.Event, v Verdict) (*bool, string) {
	if !ev.CanBlock || v.Continue {
		return nil, ""
	}
	f := false
	return &f, v.StopReason
}

// MergedToolInput is the whole tool input after the hooks' changes: the
// updatedInput object (else the event's tool_input) with the tool_input
// patch shallow-merged into it, as sequential chaining applies them
// (SPEC §4.7). nil when no hook changed the input.
func MergedToolInput(hso map[string]any, original func() map[string]any) map[string]any {
	updated, hasUpdated := hso["updatedInput"].(map[string]any)
	patch, hasPatch := hso["tool_input"].(map[string]any)
	if !hasPatch || len(patch) == 0 {
		if hasUpdated {
			return updated
		}
		return nil
	}
	base := updated
	if !hasUpdated {
		base = original()
	}
	out := make(map[string]any, len(base)+len(patch))
	for k, val := range base {
		out[k] = val
	}
	for k, val := range patch {
		out[k] = val
	}
	return out
}

// ContextOf is hookSpecificOutput.additionalContext if it is a string.
func ContextOf(hso map[string]any) string {
	s, _ := hso["additionalContext"].(string)
	return s
}
