package claude

import (
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

// Output is what a Claude Code command hook prints on stdout (the
// --format claude rendering of a verdict). Field order is the printed order.
type Output struct {
	// Continue is only ever false (absent means true).
	Continue       *bool  `json:"continue,omitempty"`
	StopReason     string `json:"stopReason,omitempty"`
	SuppressOutput bool   `json:"suppressOutput,omitempty"`
	SystemMessage  string `json:"systemMessage,omitempty"`
	// Decision is only ever "block", for the blocking events other than
	// PreToolUse, PreModelSwitch and PermissionRequest.
	Decision           string          `json:"decision,omitempty"`
	Reason             string          `json:"reason,omitempty"`
	HookSpecificOutput *SpecificOutput `json:"hookSpecificOutput,omitempty"`
}

// SpecificOutput is Claude Code's hookSpecificOutput (2.1.328). Each
// event takes only some of the fields (fieldsOf); HookEventName is
// always the Claude name of the event.
type SpecificOutput struct {
	HookEventName string `json:"hookEventName"`
	// PreToolUse (allow, ask, deny, defer) and PreModelSwitch (allow, ask,
	// deny).
	PermissionDecision       string `json:"permissionDecision,omitempty"`
	PermissionDecisionReason string `json:"permissionDecisionReason,omitempty"`
	UpdatedInput             any    `json:"updatedInput,omitempty"`
	// PermissionRequest.
	Decision *PermissionDecision `json:"decision,omitempty"`
	// The events of contextEvents.
	AdditionalContext string `json:"additionalContext,omitempty"`
	// PostToolUse.
	UpdatedToolOutput    any    `json:"updatedToolOutput,omitempty"`
	UpdatedMCPToolOutput any    `json:"updatedMCPToolOutput,omitempty"`
	ClassifierContext    string `json:"classifierContext,omitempty"`
	// UserPromptSubmit, SessionStart.
	SessionTitle string `json:"sessionTitle,omitempty"`
	// UserPromptSubmit, UserPromptExpansion.
	SuppressOriginalPrompt bool `json:"suppressOriginalPrompt,omitempty"`
	// SessionStart.
	InitialUserMessage string `json:"initialUserMessage,omitempty"`
	ReloadSkills       bool   `json:"reloadSkills,omitempty"`
	// SessionStart, CwdChanged, FileChanged.
	WatchPaths []string `json:"watchPaths,omitempty"`
	// PermissionDenied: the model may retry the denied call.
	Retry bool `json:"retry,omitempty"`
	// MessageDisplay.
	DisplayContent string `json:"displayContent,omitempty"`
	// Elicitation, ElicitationResult: accept, decline or cancel.
	Action  string         `json:"action,omitempty"`
	Content map[string]any `json:"content,omitempty"`
}

// PermissionDecision is PermissionRequest's
// hookSpecificOutput.decision.
type PermissionDecision struct {
	Behavior           string `json:"behavior"`
	Message            string `json:"message,omitempty"`
	UpdatedInput       any    `json:"updatedInput,omitempty"`
	UpdatedPermissions any    `json:"updatedPermissions,omitempty"`
	Interrupt          bool   `json:"interrupt,omitempty"`
}

// contextEvents are the Claude events whose hookSpecificOutput takes
// additionalContext (Claude Code 2.1.328's output schema).
func contextEvents(name string) bool {
	switch name {
	case "PreToolUse", "PostToolUse", "PostToolUseFailure", "PostToolBatch",
		"UserPromptSubmit", "UserPromptExpansion", "SessionStart", "Setup",
		"SubagentStart", "Stop", "SubagentStop", "Notification", "PostModelSwitch":
		return true
	}
	return false
}

// RenderOutput renders v as the output of one Claude Code hook for ev's
// Claude name (SPEC §6; docs/claude-events.md):
//
//   - continue (only false) and stopReason when the verdict stops the agent;
//     systemMessage; suppressOutput (only true).
//   - PreToolUse: hookSpecificOutput.permissionDecision is the merged
//     decision (allow, ask, defer or deny) with its reason; there is no
//     permissionDecision unless a hook decided, so an allow (which skips
//     Claude's permission prompt) only ever comes from a hook that said
//     allow. updatedInput is the hooks' updatedInput with their tool_input
//     patches merged in.
//   - PreModelSwitch: permissionDecision allow, ask or deny, as PreToolUse.
//   - PermissionRequest: hookSpecificOutput.decision.behavior allow or
//     deny (with message); ask means no decision (Claude shows its dialog).
//   - Other events that can block: decision "block" and reason on deny;
//     on Elicitation and ElicitationResult also action "decline".
//   - The fields of each event's hookSpecificOutput that hookexec does not
//     decide itself (additionalContext, retry, watchPaths, displayContent,
//     updatedToolOutput, ...) pass through for the events that take them
//     (specific); elsewhere Claude has no place for them.
//   - Events with no Claude name (BeforeModel, AfterModel,
//     BeforeToolSelection) get the generic fields only, and no
//     hookSpecificOutput (Claude would reject its hookEventName).
//   - systemMessage, stopReason, reason, permissionDecisionReason,
//     additionalContext and the decision's message are cut to
//     in.MaxMessage.
func RenderOutput(ev event.Event, v verdict.Verdict, in verdict.AgentInput) Output {
	o := Output{SuppressOutput: v.SuppressOutput, SystemMessage: in.Cut(v.SystemMessage)}
	o.Continue, o.StopReason = verdict.StopFields(ev, v)
	o.StopReason = in.Cut(o.StopReason)
	name := ev.Claude
	spec := specific(name, v.HookSpecificOutput, in)
	switch {
	case name == "PreToolUse":
		switch v.Decision {
		case "allow", "ask", "deny", "defer":
			spec.PermissionDecision = v.Decision
			spec.PermissionDecisionReason = in.Cut(v.Reason)
		}
		if u := verdict.MergedToolInput(v.HookSpecificOutput, in.ToolInputObject); u != nil {
			spec.UpdatedInput = u
		}
	case name == "PreModelSwitch":
		switch v.Decision {
		case "allow", "ask", "deny":
			spec.PermissionDecision = v.Decision
			spec.PermissionDecisionReason = in.Cut(v.Reason)
		}
	case name == "PermissionRequest":
		spec.Decision = permission(v, in)
	case ev.CanBlock && v.Decision == "deny":
		o.Decision, o.Reason = "block", in.Cut(v.Reason)
		if name == "Elicitation" || name == "ElicitationResult" {
			spec.Action, spec.Content = "decline", nil
		}
	}
	if name != "" && !spec.empty() {
		o.HookSpecificOutput = spec
	}
	return o
}

// RenderText is the WorktreeCreate answer, printed as it is rather than as
// JSON (verdict.Text): Claude Code reads the created worktree's path from
// a command hook's stdout. It is the merged
// worktreePath, or nothing when the verdict blocks or no hook gave one
// (Claude Code then fails the creation, as fire's exit status says).
func RenderText(v verdict.Verdict) verdict.Text {
	if v.Blocked {
		return ""
	}
	p, _ := v.HookSpecificOutput["worktreePath"].(string)
	return verdict.Text(p)
}

// empty reports whether s says nothing but its event name.
func (s *SpecificOutput) empty() bool {
	return s.PermissionDecision == "" && s.PermissionDecisionReason == "" && s.UpdatedInput == nil &&
		s.Decision == nil && s.AdditionalContext == "" && s.UpdatedToolOutput == nil && s.UpdatedMCPToolOutput == nil &&
		s.ClassifierContext == "" && s.SessionTitle == "" && !s.SuppressOriginalPrompt && s.InitialUserMessage == "" &&
		!s.ReloadSkills && s.WatchPaths == nil && !s.Retry && s.DisplayContent == "" && s.Action == "" && s.Content == nil
}

// permission is PermissionRequest's decision: allow or deny from the
// merged decision, nil for ask or no decision. The extra fields of the
// hooks' own decision object (updatedInput, updatedPermissions for allow;
// interrupt for deny) are kept when its behavior is the merged one.
func permission(v verdict.Verdict, in verdict.AgentInput) *PermissionDecision {
	if v.Decision != "allow" && v.Decision != "deny" {
		return nil
	}
	d := &PermissionDecision{Behavior: v.Decision}
	own, _ := v.HookSpecificOutput["decision"].(map[string]any)
	if b, ok := verdict.ParseDecision(own["behavior"], "allow", "deny"); !ok || b != v.Decision {
		own = nil
	}
	if v.Decision == "deny" {
		d.Message = in.Cut(v.Reason)
		d.Interrupt, _ = own["interrupt"].(bool)
		return d
	}
	if u, ok := own["updatedInput"].(map[string]any); ok {
		d.UpdatedInput = u
	} else if u := verdict.MergedToolInput(v.HookSpecificOutput, in.ToolInputObject); u != nil {
		d.UpdatedInput = u
	}
	if p, ok := own["updatedPermissions"]; ok && p != nil {
		d.UpdatedPermissions = p
	}
	return d
}
