package copilot

import (
	"strings"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

// answer is how Copilot CLI wants hookexec's answer under --format
// copilot: the JSON of Render with exit status 0 in every case. Copilot
// reads a hook's JSON only on exit 0; on its tool guards any other status
// is a deny whose reason its model never hears (a real run), so a blocked
// verdict is a JSON deny, never exit 2.
func answer() agent.Answer {
	return agent.Answer{
		Render:      render,
		ExitBlocked: nil,
		// Failed policies are told in the answer (a deny on the tool
		// guards, systemMessage elsewhere), never by the status.
		Failed: nil,
		// A config or input error exits 1: Copilot then denies the tool
		// calls (its preToolUse and permissionRequest fail closed) and
		// logs the failure on the other events.
		ErrorsExitZero: false,
	}
}

// Output is what a Copilot CLI command hook prints on stdout (the
// --format copilot rendering of a verdict). Copilot reads these top-level
// fields under its camelCase event names and under the PascalCase ones
// alike (a real run of 1.0.102), so one shape serves both.
type Output struct {
	// preToolUse: allow, ask or deny, with its reason (the model reads
	// "Denied by preToolUse hook: REASON"); modifiedArgs replaces the
	// tool's arguments whole.
	PermissionDecision       string         `json:"permissionDecision,omitempty"`
	PermissionDecisionReason string         `json:"permissionDecisionReason,omitempty"`
	ModifiedArgs             map[string]any `json:"modifiedArgs,omitempty"`
	// permissionRequest: allow or deny, with a message.
	Behavior string `json:"behavior,omitempty"`
	Message  string `json:"message,omitempty"`
	// Decision is only ever "block", on the other events that can block:
	// postToolUse (the result is replaced by the reason),
	// userPromptSubmitted (copilot -p exits 1), agentStop and subagentStop
	// (the reason is the next prompt).
	Decision string `json:"decision,omitempty"`
	Reason   string `json:"reason,omitempty"`
	// AdditionalContext reaches the model on sessionStart,
	// userPromptSubmitted and postToolUse (never from
	// hookSpecificOutput.additionalContext).
	AdditionalContext string `json:"additionalContext,omitempty"`
	// SystemMessage carries hookexec's notices; Copilot 1.0.102 only logs
	// it (--log-level debug).
	SystemMessage string `json:"systemMessage,omitempty"`
}

// render is the copilot format (SPEC §6, §9). Every message is cut to
// in.MaxMessage.
//
//   - BeforeTool: permissionDecision allow, ask or deny (defer: none) with
//     its reason; modifiedArgs the hooks' rewritten input. A policy that
//     failed, timed out or could not start denies: Copilot would let the
//     tool run after a timeout, hookexec deliberately fails closed and
//     names the policy.
//   - PermissionRequest: behavior allow or deny with message; a failed
//     policy denies, as Copilot does for a hook that fails there.
//   - Other events that can block: decision "block" and reason.
//   - additionalContext wherever the hooks gave context.
func render(ev event.Event, v verdict.Verdict, in verdict.AgentInput) any {
	v = verdict.SkipNotice(ev, v, in.Notices)
	o := Output{AdditionalContext: in.Cut(verdict.ContextOf(v.HookSpecificOutput))}
	failed := failures(v)
	decision, reason := v.Decision, v.Reason
	if ev.CanBlock && !v.Continue && decision != "deny" {
		decision, reason = "deny", firstNonEmpty(v.StopReason, reason, "blocked by hook")
	}
	guard := ev.Name == "BeforeTool" || ev.Name == "PermissionRequest"
	if guard && len(failed) > 0 && decision != "deny" {
		decision = "deny"
		reason = "hookexec denies the call because a policy did not answer: " + strings.Join(failed, "; ")
	} else if len(failed) > 0 {
		v.SystemMessage = joinLines(append(warnings(failed), v.SystemMessage)...)
	}
	o.SystemMessage = in.Cut(v.SystemMessage)
	switch {
	case ev.Name == "BeforeTool":
		switch decision {
		case "allow", "ask", "deny":
			o.PermissionDecision = decision
			o.PermissionDecisionReason = in.Cut(reason)
		}
		if decision != "deny" {
			o.ModifiedArgs = verdict.MergedToolInput(v.HookSpecificOutput, in.ToolInput)
		}
	case ev.Name == "PermissionRequest":
		if decision == "allow" || decision == "deny" {
			o.Behavior = decision
			if decision == "deny" {
				o.Message = in.Cut(reason)
			}
		}
	case ev.CanBlock && decision == "deny":
		o.Decision, o.Reason = "block", in.Cut(reason)
	}
	return o
}

// failures describes each hook that failed, timed out or could not start
// without denying (a fail-closed one already denies with its reason).
func failures(v verdict.Verdict) []string {
	var out []string
	for _, h := range v.Hooks {
		if h.Output.Blocks() {
			continue
		}
		switch h.Outcome {
		case verdict.Timeout:
			out = append(out, "hook "+h.Name+" did not answer in time ("+strings.TrimPrefix(h.Error, "timed out: ")+")")
		case verdict.SpawnError:
			out = append(out, "hook "+h.Name+" could not start: "+h.Error)
		case verdict.Error:
			out = append(out, "hook "+h.Name+" failed ("+h.Error+")")
		}
	}
	return out
}

// warnings are failures as warnings for systemMessage.
func warnings(failed []string) []string {
	out := make([]string, len(failed))
	for i, f := range failed {
		out[i] = "Warning: " + f
	}
	return out
}

func joinLines(lines ...string) string {
	var keep []string
	for _, l := range lines {
		if l != "" {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}

func firstNonEmpty(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}
