package antigravity

import (
	"bytes"
	"encoding/json"
	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

// Output is an Antigravity CLI hook's deny.
type Output struct {
	Decision string `json:"decision"`
	Reason   string `json:"reason"`
}

// answer is --format antigravity: a deny on stdout, exit 0.
func answer() agent.Answer {
	return agent.Answer{Render: render, ExitBlocked: nil, Failed: nil, ErrorsExitZero: true, Blocks: Blocks}
}

// render is {"decision": "deny", "reason"} for a blocked verdict (a deny,
// or continue false: Antigravity has no other way to stop), and nothing at
// all otherwise, which lets the tool run. An allow, context and messages
// have no known place in Antigravity's answer.
func render(ev event.Event, v verdict.Verdict, in verdict.AgentInput) any {
	if !ev.CanBlock || !v.Blocked {
		return nil
	}
	reason := v.Reason
	if v.Decision != "deny" {
		reason = v.StopReason
	}
	if reason == "" {
		reason = "blocked by hook"
	}
	return Output{Decision: "deny", Reason: in.Cut(reason)}
}

// Blocks is how Antigravity CLI is known to read one hook's answer: a JSON
// "decision": "deny" on stdout, exit 0 (its reading of exit statuses is not
// known).
func Blocks(_ event.Event, stdout []byte, status int) bool {
	var out struct {
		Decision string `json:"decision"`
	}
	return status == 0 && json.Unmarshal(bytes.TrimSpace(stdout), &out) == nil && out.Decision == "deny"
}
