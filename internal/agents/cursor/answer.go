package cursor

import (
	"bytes"
	"encoding/json"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/agents/claude"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

// answer is how Cursor wants hookexec's answer under --format cursor.
func answer() agent.Answer {
	return agent.Answer{
		Render: render,
		// The block is in the JSON, read on exit 0. Cursor does not parse
		// the JSON of a hook that exits 2: it shows the raw text as the
		// reason (a third party's runs of Cursor 3.9), so fire keeps exit 0.
		ExitBlocked: nil,
		// With "failClosed": true on hookexec's entry (install), any status
		// but 0 blocks the action, so a failed policy is named in
		// user_message instead (claude.FailureNotice).
		Failed: nil,
		// A config or input error is told in the answer (and denies under
		// --fail-closed); exit 1 would block every action through
		// failClosed.
		ErrorsExitZero: true,
		Blocks:         blocks,
	}
}

// blocks reports whether Cursor, running one hook that printed stdout and
// exited with status, blocks: exit 2, or on exit 0 a permission deny (or
// ask, which Cursor was seen to treat as a block), continue false, or a
// follow-up message that keeps the agent going (its documentation).
func blocks(ev event.Event, stdout []byte, status int) bool {
	if status == verdict.StatusBlocked {
		return true
	}
	var o Output
	if status != verdict.StatusProceed || json.Unmarshal(bytes.TrimSpace(stdout), &o) != nil {
		return false
	}
	return o.Permission == "deny" || o.Permission == "ask" || o.Continue != nil && !*o.Continue ||
		(ev.Name == "AfterAgent" || ev.Name == "SubagentStop") && o.FollowupMessage != ""
}

// Output is what one Cursor hook prints on stdout: flat snake_case fields,
// no hookSpecificOutput.
type Output struct {
	// Permission is allow or deny on preToolUse, beforeShellExecution,
	// beforeMCPExecution, beforeReadFile and subagentStart.
	Permission string `json:"permission,omitempty"`
	// UserMessage is shown to the user (on a deny); AgentMessage is meant
	// for the model.
	UserMessage  string `json:"user_message,omitempty"`
	AgentMessage string `json:"agent_message,omitempty"`
	// UpdatedInput replaces the tool's input (preToolUse).
	UpdatedInput any `json:"updated_input,omitempty"`
	// Continue: false blocks the prompt (beforeSubmitPrompt).
	Continue *bool `json:"continue,omitempty"`
	// FollowupMessage is sent as the next user message (stop,
	// subagentStop): it keeps the agent going.
	FollowupMessage string `json:"followup_message,omitempty"`
	// AdditionalContext goes to the model (sessionStart, postToolUse).
	AdditionalContext string `json:"additional_context,omitempty"`
}

// render is the cursor format. On the permission events it always gives a
// permission, allow when no policy decided: Cursor blocks an entry with
// "failClosed": true that answers nothing. An ask becomes a deny whose
// reason says approval is needed: Cursor accepts "ask" on preToolUse
// without enforcing it, and on beforeShellExecution it was seen to block
// with no prompt, so an ask must never turn into an allow.
func render(ev event.Event, v verdict.Verdict, in verdict.AgentInput) any {
	v = claude.FailureNotice(verdict.SkipNotice(ev, v, in.Notices))
	o := Output{}
	switch ev.Name {
	case "BeforeTool", "SubagentStart", "PermissionRequest":
		switch {
		case v.Blocked:
			o.Permission = "deny"
			o.UserMessage, o.AgentMessage = in.Cut(v.BlockMessage()), in.Cut(v.BlockMessage())
		case v.Decision == "ask":
			msg := in.Cut("approval required: " + firstOf(v.Reason, "a hook asks to confirm this action"))
			o.Permission, o.UserMessage, o.AgentMessage = "deny", msg, msg
		default:
			o.Permission = "allow"
			if u := verdict.MergedToolInput(v.HookSpecificOutput, in.ToolInputObject); u != nil {
				o.UpdatedInput = u
			}
		}
	case "BeforeAgent":
		proceed := !v.Blocked
		o.Continue = &proceed
		if v.Blocked {
			o.UserMessage = in.Cut(v.BlockMessage())
		}
	case "AfterAgent", "SubagentStop":
		// A block of a stop means "keep working": the reason is the
		// follow-up message.
		if v.Blocked {
			o.FollowupMessage = in.Cut(v.BlockMessage())
		}
	}
	if o.UserMessage == "" && v.SystemMessage != "" {
		o.UserMessage = in.Cut(v.SystemMessage)
	}
	switch ev.Name {
	case "AfterTool", "SessionStart", "PostToolUseFailure":
		// postToolUse cannot undo the tool: a block's reason reaches the
		// model as context, as Claude Code's PostToolUse block does.
		ctx := verdict.ContextOf(v.HookSpecificOutput)
		if v.Blocked {
			ctx = joinLines(v.BlockMessage(), ctx)
		}
		o.AdditionalContext = in.Cut(ctx)
	}
	return o
}

func joinLines(a, b string) string {
	if a == "" || b == "" {
		return a + b
	}
	return a + "\n" + b
}

func firstOf(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}
