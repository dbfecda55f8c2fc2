package aggregator

import (
	"github.com/hookexec/hookexec/internal/event"
)

// ClaudeOutput is what a Claude Code command hook prints on stdout (the
// --format claude rendering of a verdict). Field order is the printed order.
type ClaudeOutput struct {
	// Continue is only ever false (absent means true).
	Continue       *bool  `json:"continue,omitempty"`
	StopReason     string `json:"stopReason,omitempty"`
	SuppressOutput bool   `json:"suppressOutput,omitempty"`
	SystemMessage  string `json:"systemMessage,omitempty"`
	// Decision is only ever "block", for the blocking events other than
	// PreToolUse and PermissionRequest.
	Decision           string                `json:"decision,omitempty"`
	Reason             string                `json:"reason,omitempty"`
	HookSpecificOutput *ClaudeSpecificOutput `json:"hookSpecificOutput,omitempty"`
}

// ClaudeSpecificOutput is Claude Code's hookSpecificOutput. HookEventName
// is always the Claude name of the event.
type ClaudeSpecificOutput struct {
	HookEventName string `json:"hookEventName"`
	// PreToolUse.
	PermissionDecision       string `json:"permissionDecision,omitempty"`
	PermissionDecisionReason string `json:"permissionDecisionReason,omitempty"`
	UpdatedInput             any    `json:"updatedInput,omitempty"`
	// PermissionRequest.
	Decision *ClaudePermissionDecision `json:"decision,omitempty"`
	// PreToolUse, PostToolUse, PostToolUseFailure, UserPromptSubmit,
	// SessionStart, SubagentStart.
	AdditionalContext string `json:"additionalContext,omitempty"`
	// PostToolUse.
	UpdatedMCPToolOutput any `json:"updatedMCPToolOutput,omitempty"`
}

// ClaudePermissionDecision is PermissionRequest's
// hookSpecificOutput.decision.
type ClaudePermissionDecision struct {
	Behavior           string `json:"behavior"`
	Message            string `json:"message,omitempty"`
	UpdatedInput       any    `json:"updatedInput,omitempty"`
	UpdatedPermissions any    `json:"updatedPermissions,omitempty"`
	Interrupt          bool   `json:"interrupt,omitempty"`
}

// claudeContextEvents are the Claude events whose hookSpecificOutput takes
// additionalContext.
var claudeContextEvents = map[string]bool{
	"PreToolUse": true, "PostToolUse": true, "PostToolUseFailure": true,
	"UserPromptSubmit": true, "SessionStart": true, "SubagentStart": true,
}

// RenderClaude renders v as the output of one Claude Code hook for ev's
// Claude name (SPEC §6):
//
//   - continue (only false) and stopReason when the verdict stops the agent;
//     systemMessage; suppressOutput (only true).
//   - PreToolUse: hookSpecificOutput.permissionDecision is the merged
//     decision (allow, ask or deny) with its reason; there is no
//     permissionDecision unless a hook decided, so an allow (which skips
//     Claude's permission prompt) only ever comes from a hook that said
//     allow. updatedInput is the hooks' updatedInput with their tool_input
//     patches merged in.
//   - PermissionRequest: hookSpecificOutput.decision.behavior allow or
//     deny (with message); ask means no decision (Claude shows its dialog).
//   - Other events that can block: decision "block" and reason on deny.
//   - additionalContext in hookSpecificOutput for the events that take it;
//     elsewhere Claude has no place for it and it is left out.
//   - Events with no Claude name (BeforeModel, AfterModel,
//     BeforeToolSelection) get the generic fields only, and no
//     hookSpecificOutput (Claude would reject its hookEventName).
//   - systemMessage, stopReason, reason, permissionDecisionReason,
//     additionalContext and the decision's message are cut to
//     in.MaxMessage.
func RenderClaude(ev event.Event, v Verdict, in AgentInput) ClaudeOutput {
	o := ClaudeOutput{SuppressOutput: v.SuppressOutput, SystemMessage: in.cut(v.SystemMessage)}
	o.Continue, o.StopReason = stopFields(ev, v)
	o.StopReason = in.cut(o.StopReason)
	hso := v.HookSpecificOutput
	name := ev.Claude
	spec := &ClaudeSpecificOutput{HookEventName: name}
	if claudeContextEvents[name] {
		spec.AdditionalContext = in.cut(contextOf(hso))
	}
	switch {
	case name == "PreToolUse":
		switch v.Decision {
		case "allow", "ask", "deny":
			spec.PermissionDecision = v.Decision
			spec.PermissionDecisionReason = in.cut(v.Reason)
		}
		if u := mergedToolInput(hso, in.toolInput); u != nil {
			spec.UpdatedInput = u
		}
	case name == "PermissionRequest":
		spec.Decision = claudePermission(v, in)
	case ev.CanBlock && v.Decision == "deny":
		o.Decision, o.Reason = "block", in.cut(v.Reason)
	}
	if name == "PostToolUse" {
		spec.UpdatedMCPToolOutput = hso["updatedMCPToolOutput"]
	}
	if name != "" && !spec.empty() {
		o.HookSpecificOutput = spec
	}
	return o
}

// empty reports whether s says nothing but its event name.
func (s *ClaudeSpecificOutput) empty() bool {
	return s.PermissionDecision == "" && s.PermissionDecisionReason == "" && s.UpdatedInput == nil &&
		s.Decision == nil && s.AdditionalContext == "" && s.UpdatedMCPToolOutput == nil
}

// claudePermission is PermissionRequest's decision: allow or deny from the
// merged decision, nil for ask or no decision. The extra fields of the
// hooks' own decision object (updatedInput, updatedPermissions for allow;
// interrupt for deny) are kept when its behavior is the merged one.
func claudePermission(v Verdict, in AgentInput) *ClaudePermissionDecision {
	if v.Decision != "allow" && v.Decision != "deny" {
		return nil
	}
	d := &ClaudePermissionDecision{Behavior: v.Decision}
	own, _ := v.HookSpecificOutput["decision"].(map[string]any)
	if b, ok := decision(own["behavior"], "allow", "deny"); !ok || b != v.Decision {
		own = nil
	}
	if v.Decision == "deny" {
		d.Message = in.cut(v.Reason)
		d.Interrupt, _ = own["interrupt"].(bool)
		return d
	}
	if u, ok := own["updatedInput"].(map[string]any); ok {
		d.UpdatedInput = u
	} else if u := mergedToolInput(v.HookSpecificOutput, in.toolInput); u != nil {
		d.UpdatedInput = u
	}
	if p, ok := own["updatedPermissions"]; ok && p != nil {
		d.UpdatedPermissions = p
	}
	return d
}
