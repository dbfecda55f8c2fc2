package codex

import (
	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/agents/claude"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

// noReason is the reason of a block whose hooks gave none: Codex rejects a
// deny or a block without a non-empty reason, and runs the tool.
const noReason = "blocked by hook"

// answer is how Codex wants hookexec's answer under --format codex.
func answer() agent.Answer {
	return agent.Answer{
		Render: render,
		// Codex reads a hook's JSON only on exit 0: a deny printed before
		// exit 2 or 1 would be lost, so fire exits 0 and the JSON blocks.
		ExitBlocked: nil,
		// Codex ignores the JSON of a hook that exits 1, so a failed policy
		// is told in systemMessage (claude.FailureNotice) and fire exits 0:
		// a deny beside a policy that timed out still holds.
		Failed: nil,
		// A config or input error is told in systemMessage (and denies
		// under --fail-closed), on exit 0 for the same reason.
		ErrorsExitZero: true,
		Blocks:         blocks,
	}
}

// render is the codex format: Claude Code's answer (claude.RenderOutput,
// with the notices of hooks left out and of hooks that failed), cut to
// what Codex 0.169 accepts of each event (codex-rs/hooks/src/engine/
// output_parser.rs), since Codex rejects a whole answer holding a field it
// does not support there, a deny included.
func render(ev event.Event, v verdict.Verdict, in verdict.AgentInput) any {
	v = claude.FailureNotice(verdict.SkipNotice(ev, v, in.Notices))
	o := claude.RenderOutput(ev, v, in)
	switch ev.Claude {
	case "PreToolUse":
		preToolUse(&o, v, in)
	case "PermissionRequest":
		permissionRequest(&o, v, in)
	case "PostToolUse":
		// suppressOutput is unsupported on PostToolUse.
		o.SuppressOutput = false
		needReason(&o, in)
	case "UserPromptSubmit", "Stop", "SubagentStop":
		needReason(&o, in)
	}
	return o
}

// preToolUse: Codex rejects continue, stopReason and suppressOutput on
// PreToolUse, so a verdict that stops the agent is a deny; it rejects
// permissionDecision allow without updatedInput, ask, defer, a deny
// without a reason, and updatedInput without allow: each is left out (the
// tool then goes through Codex's own approval policy, as without a hook).
func preToolUse(o *claude.Output, v verdict.Verdict, in verdict.AgentInput) {
	stopReason := o.StopReason
	o.Continue, o.StopReason, o.SuppressOutput = nil, "", false
	spec := o.HookSpecificOutput
	if spec == nil {
		spec = &claude.SpecificOutput{HookEventName: "PreToolUse"}
	}
	switch {
	case v.Blocked:
		reason := spec.PermissionDecisionReason
		if spec.PermissionDecision != "deny" || reason == "" {
			reason = firstNonEmpty(reason, stopReason, noReason)
		}
		spec.PermissionDecision, spec.PermissionDecisionReason, spec.UpdatedInput = "deny", in.Cut(reason), nil
	case spec.UpdatedInput != nil:
		spec.PermissionDecision, spec.PermissionDecisionReason = "allow", ""
	default:
		spec.PermissionDecision, spec.PermissionDecisionReason = "", ""
	}
	o.HookSpecificOutput = nil
	if spec.PermissionDecision != "" || spec.AdditionalContext != "" {
		o.HookSpecificOutput = spec
	}
}

// permissionRequest: Codex rejects continue, stopReason and
// suppressOutput here too, and a decision holding updatedInput,
// updatedPermissions or interrupt; a verdict that stops the agent is a
// deny.
func permissionRequest(o *claude.Output, v verdict.Verdict, in verdict.AgentInput) {
	stopReason := o.StopReason
	o.Continue, o.StopReason, o.SuppressOutput = nil, "", false
	if v.Blocked && (o.HookSpecificOutput == nil || o.HookSpecificOutput.Decision == nil) {
		o.HookSpecificOutput = &claude.SpecificOutput{HookEventName: "PermissionRequest",
			Decision: &claude.PermissionDecision{Behavior: "deny", Message: in.Cut(firstNonEmpty(stopReason, noReason))}}
	}
	if o.HookSpecificOutput == nil || o.HookSpecificOutput.Decision == nil {
		return
	}
	d := *o.HookSpecificOutput.Decision
	d.UpdatedInput, d.UpdatedPermissions, d.Interrupt = nil, nil, false
	o.HookSpecificOutput.Decision = &d
}

// needReason: Codex ignores decision "block" without a non-empty reason.
func needReason(o *claude.Output, in verdict.AgentInput) {
	if o.Decision == "block" && o.Reason == "" {
		o.Reason = in.Cut(firstNonEmpty(o.StopReason, noReason))
	}
}

func firstNonEmpty(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}
