package copilot

import (
	"strings"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/agents/claude"
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
		Blocks:         Blocks,
		Warning:        warning,
	}
}

// Output is what a Copilot CLI command hook prints on stdout (the
// --format copilot rendering of a verdict). Copilot CLI reads the
// top-level fields under its camelCase event names and under the
// PascalCase ones alike (a real run of 1.0.102), so one shape serves both;
// HookSpecificOutput and continue are Claude Code's, for VS Code's agent,
// which reads the same hook files and answers Claude's way (its
// documentation only). Copilot CLI ignores both under its own names and
// reads the same decision and rewrite from hookSpecificOutput under the
// PascalCase ones.
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
	// Continue (only false) and StopReason stop VS Code's agent; Copilot
	// CLI ignores them.
	Continue   *bool  `json:"continue,omitempty"`
	StopReason string `json:"stopReason,omitempty"`
	// SystemMessage carries hookexec's notices; Copilot CLI 1.0.102 only
	// logs it (--log-level debug), VS Code shows it.
	SystemMessage      string                 `json:"systemMessage,omitempty"`
	HookSpecificOutput *claude.SpecificOutput `json:"hookSpecificOutput,omitempty"`
}

// render is the copilot format (SPEC §6, §9). Every message is cut to
// in.MaxMessage.
//
//   - BeforeTool: permissionDecision allow, ask or deny (defer: none) with
//     its reason; modifiedArgs the hooks' rewritten input. A policy that
//     failed, timed out or could not start denies: Copilot would let the
//     tool run after a timeout, hookexec deliberately fails closed and
//     names the policy. continue: false denies too (Copilot CLI has no
//     continue).
//   - PermissionRequest: behavior allow or deny with message; a failed
//     policy denies, as Copilot does for a hook that fails there.
//   - BeforeAgent: continue: false blocks the prompt.
//   - Other events that can block: decision "block" and reason.
//   - additionalContext wherever the hooks gave context.
//   - Claude Code's answer for the event's Claude name besides (VS Code).
func render(ev event.Event, v verdict.Verdict, in verdict.AgentInput) any {
	v = verdict.SkipNotice(ev, v, in.Notices)
	failed := failures(v)
	switch ev.Name {
	case "BeforeTool", "PermissionRequest":
		if len(failed) > 0 && v.Decision != "deny" {
			v.Decision = "deny"
			v.Reason = "hookexec denies the call because a policy did not answer: " + strings.Join(failed, "; ")
			failed = nil
		}
		fallthrough
	case "BeforeAgent":
		if ev.CanBlock && !v.Continue && v.Decision != "deny" {
			v.Decision, v.Reason = "deny", firstNonEmpty(v.StopReason, v.Reason, "blocked by hook")
		}
	}
	if len(failed) > 0 {
		v.SystemMessage = joinLines(append(warnings(failed), v.SystemMessage)...)
	}
	c := claude.RenderOutput(ev, v, in)
	o := Output{
		AdditionalContext:  in.Cut(verdict.ContextOf(v.HookSpecificOutput)),
		Continue:           c.Continue,
		StopReason:         c.StopReason,
		SystemMessage:      c.SystemMessage,
		HookSpecificOutput: c.HookSpecificOutput,
	}
	switch {
	case ev.Name == "BeforeTool":
		switch v.Decision {
		case "allow", "ask", "deny":
			o.PermissionDecision = v.Decision
			o.PermissionDecisionReason = in.Cut(v.Reason)
		}
		if v.Decision != "deny" {
			o.ModifiedArgs = verdict.MergedToolInput(v.HookSpecificOutput, in.ToolInput)
		}
	case ev.Name == "PermissionRequest":
		if v.Decision == "allow" || v.Decision == "deny" {
			o.Behavior = v.Decision
			if v.Decision == "deny" {
				o.Message = in.Cut(v.Reason)
			}
		}
	case ev.CanBlock && v.Decision == "deny":
		o.Decision, o.Reason = "block", in.Cut(v.Reason)
	}
	return o
}

// warning is what Copilot CLI's user is told, by exiting 2 with it on
// stderr, on the events where exit 2 is a warning Copilot shows, the
// answer read all the same (a real run: sessionStart,
// userPromptSubmitted, postToolUse, agentStop, sessionEnd): the verdict's
// systemMessage, which Copilot itself only logs, with the hooks hookexec
// left out (on SessionStart and BeforeAgent) and the policies that
// failed. On its tool guards exit 2 would deny, so nothing is said there,
// nor on the events copilot -p never fired here (subagentStop, preCompact,
// ...), where what exit 2 does is not known.
func warning(ev event.Event, v verdict.Verdict) string {
	if !warns(ev.Name) {
		return ""
	}
	v = verdict.SkipNotice(ev, v, nil)
	return joinLines(append(warnings(failures(v)), v.SystemMessage)...)
}

// warns are the events (canonical names) on which Copilot shows the stderr
// of exit 2 as a warning and reads the answer all the same (a real run).
func warns(name string) bool {
	switch name {
	case "SessionStart", "BeforeAgent", "AfterTool", "AfterAgent", "SessionEnd":
		return true
	}
	return false
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
