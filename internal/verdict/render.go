package verdict

import (
	"github.com/hookexec/hookexec/internal/event"
)

// Render returns the value fire prints for v in format f: v itself for
// result, else the agent's hook output; nil when fire prints nothing at all
// (GeminiOutput.Silent). Claude Code's WorktreeCreate gets a ClaudeText,
// printed as it is (the worktree's path), not JSON.
//
// The agent formats never block unless the verdict does: on an event that
// cannot block (or a verdict that is not blocked, for continue), decision,
// reason, continue and stopReason are left out, so the output and the exit
// status always agree. Under claude, a hook that timed out or could not
// start is named in systemMessage (failureNotice), so the agent's user
// hears of it; Gemini CLI is told by the exit status (Verdict.Failed) and
// warns itself. Both tell the user of hooks hookexec left out (skipNotice).
// Each message they carry is cut to in.MaxMessage,
// since the agent puts it in front of the model; the result format is
// bounded by --max-total-output (Bound).
func Render(f Format, ev event.Event, v Verdict, in AgentInput) any {
	switch f {
	case FormatClaude:
		if ev.Plain == event.PlainWorktreePath {
			return RenderClaudeText(v)
		}
		return RenderClaude(ev, failureNotice(skipNotice(ev, v, in.Notices)), in)
	case FormatGemini:
		if out := RenderGemini(ev, skipNotice(ev, v, in.Notices), in); !out.Silent(ev) {
			return out
		}
		return nil
	default:
		return v
	}
}

// stopFields are the continue/stopReason pair of an agent output: present
// only when the verdict stops the agent (continue false on an event that
// can block).
func stopFields(ev event.Event, v Verdict) (*bool, string) {
	if !ev.CanBlock || v.Continue {
		return nil, ""
	}
	f := false
	return &f, v.StopReason
}

// mergedToolInput is the whole tool input after the hooks' changes: the
// updatedInput object (else the event's tool_input) with the tool_input
// patch shallow-merged into it, as sequential chaining applies them
// (SPEC §4.7). nil when no hook changed the input.
func mergedToolInput(hso map[string]any, original func() map[string]any) map[string]any {
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

// contextOf is hookSpecificOutput.additionalContext if it is a string.
func contextOf(hso map[string]any) string {
	s, _ := hso["additionalContext"].(string)
	return s
}
