package qwen

import (
	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/agents/claude"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

// NoReason is the permissionDecisionReason of a decision no policy gave a
// reason for: Qwen Code's documentation requires one with every
// permissionDecision.
const NoReason = "decided by a hookexec policy that gave no reason"

// answer is how Qwen Code wants hookexec's answer under --format qwen:
// Claude Code's JSON, always with exit status 0.
func answer() agent.Answer {
	return agent.Answer{
		Render: render,
		// Qwen Code reads only stderr on exit 2 (the JSON on stdout is
		// lost), so fire answers a block in JSON with exit 0, as a policy
		// that answers in JSON does.
		ExitBlocked: nil,
		// A failed policy is named in systemMessage (Claude's renderer);
		// Qwen Code reads any other status as a non-blocking error.
		Failed:         nil,
		ErrorsExitZero: true,
	}
}

// render is the qwen format: the claude format's JSON (Qwen Code reads
// Claude Code's fields), with a permissionDecisionReason on every
// PreToolUse decision.
func render(ev event.Event, v verdict.Verdict, in verdict.AgentInput) any {
	out := claude.Agent().Answer.Render(ev, v, in)
	o, ok := out.(claude.Output)
	if !ok {
		return out
	}
	if s := o.HookSpecificOutput; s != nil && s.PermissionDecision != "" && s.PermissionDecisionReason == "" {
		spec := *s
		spec.PermissionDecisionReason = NoReason
		o.HookSpecificOutput = &spec
	}
	return o
}
