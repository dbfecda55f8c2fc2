package auggie

import (
	"bytes"
	"encoding/json"
	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/agents/claude"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

// Output is what an Auggie hook prints on stdout, as Auggie 0.36.0
// validates it: Claude Code's common fields and a top-level
// additionalContext, and a hookSpecificOutput for PreToolUse, PostToolUse,
// Stop, SessionStart, SessionEnd and Notification only (any other
// hookEventName makes Auggie drop the whole answer).
type Output struct {
	// Continue is only ever false (absent means true).
	Continue           *bool     `json:"continue,omitempty"`
	StopReason         string    `json:"stopReason,omitempty"`
	SuppressOutput     bool      `json:"suppressOutput,omitempty"`
	SystemMessage      string    `json:"systemMessage,omitempty"`
	AdditionalContext  string    `json:"additionalContext,omitempty"`
	HookSpecificOutput *Specific `json:"hookSpecificOutput,omitempty"`
}

// Specific is Auggie's hookSpecificOutput: PreToolUse's permission
// decision (allow, deny or ask) and updatedInput; PostToolUse's and Stop's
// decision "block" and reason; PostToolUse's and SessionStart's
// additionalContext.
type Specific struct {
	HookEventName            string         `json:"hookEventName"`
	PermissionDecision       string         `json:"permissionDecision,omitempty"`
	PermissionDecisionReason string         `json:"permissionDecisionReason,omitempty"`
	UpdatedInput             map[string]any `json:"updatedInput,omitempty"`
	Decision                 string         `json:"decision,omitempty"`
	Reason                   string         `json:"reason,omitempty"`
	AdditionalContext        string         `json:"additionalContext,omitempty"`
}

// answer is --format auggie. A blocked PreToolUse also exits 2 with the
// reason on stderr (Auggie reads the JSON on exit 2 too); failed policies
// and errors are told in systemMessage, exit 0.
func answer() agent.Answer {
	return agent.Answer{Render: render, ExitBlocked: exitBlocked, Failed: nil, ErrorsExitZero: true, Blocks: Blocks}
}

func exitBlocked(ev event.Event, v verdict.Verdict) bool {
	return v.Blocked && ev.Name == "BeforeTool"
}

func render(ev event.Event, v verdict.Verdict, in verdict.AgentInput) any {
	return RenderOutput(ev, claude.FailureNotice(verdict.SkipNotice(ev, v, in.Notices)), in)
}

// RenderOutput renders v as one Auggie hook's answer (each message cut to
// in.MaxMessage):
//
//   - PreToolUse: permissionDecision allow, deny or ask (Auggie has no
//     defer: no decision) with its reason, and the rewritten input;
//   - PostToolUse and Stop: decision "block" and reason inside
//     hookSpecificOutput, where Auggie reads them (not at the top level as
//     Claude Code);
//   - another event that can block (PromptSubmit): a deny stops the agent,
//     continue false with the reason, the one stop Auggie reads there;
//   - additionalContext inside hookSpecificOutput for PostToolUse and
//     SessionStart, else at the top level.
func RenderOutput(ev event.Event, v verdict.Verdict, in verdict.AgentInput) Output {
	o := Output{SuppressOutput: v.SuppressOutput, SystemMessage: in.Cut(v.SystemMessage)}
	o.Continue, o.StopReason = verdict.StopFields(ev, v)
	o.StopReason = in.Cut(o.StopReason)
	ctx := in.Cut(verdict.ContextOf(v.HookSpecificOutput))
	deny := ev.CanBlock && v.Decision == "deny"
	s := &Specific{HookEventName: ev.Claude}
	switch ev.Claude {
	case "PreToolUse":
		switch v.Decision {
		case "allow", "ask", "deny":
			s.PermissionDecision, s.PermissionDecisionReason = v.Decision, in.Cut(v.Reason)
		}
		if s.PermissionDecision != "deny" {
			s.UpdatedInput = verdict.MergedToolInput(v.HookSpecificOutput, in.ToolInputObject)
		}
		o.AdditionalContext = ctx
	case "PostToolUse", "Stop":
		if deny {
			s.Decision, s.Reason = "block", in.Cut(v.Reason)
		}
		if ev.Claude == "PostToolUse" {
			s.AdditionalContext = ctx
		} else {
			o.AdditionalContext = ctx
		}
	case "SessionStart":
		s.AdditionalContext = ctx
	default:
		o.AdditionalContext = ctx
		if deny && o.Continue == nil {
			f := false
			o.Continue, o.StopReason = &f, in.Cut(v.Reason)
		}
	}
	if s.PermissionDecision != "" || s.UpdatedInput != nil || s.Decision != "" || s.AdditionalContext != "" {
		o.HookSpecificOutput = s
	}
	return o
}

// Blocks is how Auggie 0.36.0 reads one hook's answer: exit 2 blocks
// PreToolUse; a JSON answer stops the agent with "continue": false, denies
// a tool with hookSpecificOutput.permissionDecision "deny", and blocks
// PostToolUse or Stop with hookSpecificOutput.decision "block".
func Blocks(ev event.Event, stdout []byte, status int) bool {
	if status == 2 && ev.Claude == "PreToolUse" {
		return true
	}
	var out struct {
		Continue *bool `json:"continue"`
		HSO      struct {
			HookEventName      string `json:"hookEventName"`
			PermissionDecision string `json:"permissionDecision"`
			Decision           string `json:"decision"`
		} `json:"hookSpecificOutput"`
	}
	if json.Unmarshal(bytes.TrimSpace(stdout), &out) != nil {
		return false
	}
	return out.Continue != nil && !*out.Continue || out.HSO.PermissionDecision == "deny" ||
		out.HSO.Decision == "block" && (out.HSO.HookEventName == "PostToolUse" || out.HSO.HookEventName == "Stop")
}
