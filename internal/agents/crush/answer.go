package crush

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

// Output is what a Crush hook prints on stdout (its output envelope,
// version 1). Field order is the printed order.
type Output struct {
	// Decision is "allow" (pre-approves the call: no permission prompt),
	// "deny", or absent (no opinion: the normal permission flow).
	Decision string `json:"decision,omitempty"`
	// Halt ends the turn; the user takes over.
	Halt   bool   `json:"halt,omitempty"`
	Reason string `json:"reason,omitempty"`
	// Context is appended to what the model sees, one entry each.
	Context []string `json:"context,omitempty"`
	// UpdatedInput is shallow-merged into the tool's input.
	UpdatedInput map[string]any `json:"updated_input,omitempty"`
}

// answer is --format crush. A block is in the JSON, read on exit 0. A
// config or input error exits 1, which Crush logs and passes (under
// --fail-closed the deny exits 2 with the reason on stderr, which Crush
// reads as a block).
func answer() agent.Answer {
	return agent.Answer{Render: render, ExitBlocked: nil, Failed: nil, ErrorsExitZero: false, Blocks: Blocks}
}

func render(ev event.Event, v verdict.Verdict, in verdict.AgentInput) any {
	return RenderOutput(ev, verdict.SkipNotice(ev, v, in.Notices), in)
}

// RenderOutput renders v as one Crush hook's answer:
//
//   - decision: deny or allow as merged, on an event that can block; ask
//     and defer are no opinion (Crush then shows its permission prompt);
//   - halt with the stop reason when the verdict stops the agent
//     (continue false);
//   - reason: the deny's reason, and the stop reason after it;
//   - context: additionalContext, and the systemMessage (Crush has no
//     message for the user alone: the notices hookexec gives there reach
//     the model's view of the call);
//   - updated_input: the tool input after the hooks' changes, unless the
//     call is denied or halted (Crush ignores it then).
//
// Each message is cut to in.MaxMessage.
func RenderOutput(ev event.Event, v verdict.Verdict, in verdict.AgentInput) Output {
	var o Output
	var reasons []string
	if ev.CanBlock {
		switch v.Decision {
		case "deny", "allow":
			o.Decision = v.Decision
		}
		if v.Decision == "deny" && v.Reason != "" {
			reasons = append(reasons, v.Reason)
		}
	}
	if stop, why := verdict.StopFields(ev, v); stop != nil {
		o.Halt = true
		if why != "" {
			reasons = append(reasons, why)
		}
	}
	o.Reason = in.Cut(strings.Join(reasons, "\n"))
	for _, c := range []string{verdict.ContextOf(v.HookSpecificOutput), v.SystemMessage} {
		if c != "" {
			o.Context = append(o.Context, in.Cut(c))
		}
	}
	if o.Decision != "deny" && !o.Halt {
		o.UpdatedInput = verdict.MergedToolInput(v.HookSpecificOutput, in.ToolInputObject)
	}
	return o
}

// Blocks is how Crush reads one hook's answer (internal/hooks/runner.go):
// exit 2 blocks and exit 49 halts; on exit 0, a JSON "decision": "deny",
// "halt": true, or Claude Code's hookSpecificOutput.permissionDecision
// "deny"; any other status lets the tool run.
func Blocks(_ event.Event, stdout []byte, status int) bool {
	switch status {
	case 2, 49:
		return true
	case 0:
		var out struct {
			Decision string `json:"decision"`
			Halt     bool   `json:"halt"`
			HSO      struct {
				PermissionDecision string `json:"permissionDecision"`
			} `json:"hookSpecificOutput"`
		}
		if json.Unmarshal(bytes.TrimSpace(stdout), &out) != nil {
			return false
		}
		return out.Decision == "deny" || out.Halt || out.HSO.PermissionDecision == "deny"
	}
	return false
}
