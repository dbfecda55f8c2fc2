package cline

import (
	"encoding/json"
	"strings"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/agents/claude"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

// answer is how Cline wants hookexec's answer under --format cline.
func answer() agent.Answer {
	return agent.Answer{
		Render: render,
		// The block is cancel: true in the JSON. The CLI 3.0 reads no exit
		// status (a run: exit 2 and exit 1 let the tool run); the
		// extension's documentation says any status but 0 blocks.
		ExitBlocked: nil,
		// A failed policy is named in contextModification, and blocks only
		// when it fails closed (its fail policy, as behind every agent).
		Failed: nil,
		// A config or input error is told in the answer (and cancels under
		// --fail-closed).
		ErrorsExitZero: true,
		Blocks:         blocks,
	}
}

// blocks reports whether Cline, running one hook that printed stdout,
// blocks: cancel true in the JSON, whatever the exit status (the CLI
// 3.0.65 reads no status: a run). Cline reads the whole stdout, or its
// last line that starts with "HOOK_CONTROL" and a tab (its source).
func blocks(_ event.Event, stdout []byte, _ int) bool {
	text := strings.TrimSpace(string(stdout))
	for _, line := range strings.Split(text, "\n") {
		if rest, ok := strings.CutPrefix(strings.TrimSpace(line), "HOOK_CONTROL\t"); ok {
			text = rest
		}
	}
	var o Output
	return json.Unmarshal([]byte(text), &o) == nil && o.Cancel
}

// Output is what one Cline hook prints: its last JSON object on stdout.
type Output struct {
	// Cancel is always given (Cline requires it): true blocks the action.
	Cancel bool `json:"cancel"`
	// ContextModification is added to the conversation for the model's
	// next request (at most 50 KB).
	ContextModification string `json:"contextModification,omitempty"`
	// ErrorMessage is shown to the user when Cancel is true.
	ErrorMessage string `json:"errorMessage,omitempty"`
	// OverrideInput replaces the tool's input (the CLI 3.0, PreToolUse).
	OverrideInput map[string]any `json:"overrideInput,omitempty"`
}

// render is the cline format. Only the events whose action hookexec can
// stop cancel (PreToolUse, UserPromptSubmit, PreCompact): in the CLI 3.0
// a cancel ends the whole run and its errorMessage reaches no one (a run).
// A block after the fact (PostToolUse) or of a stop (TaskComplete), which
// Cline cannot honour, reaches the model as context. The hooks' context and messages
// go to contextModification, the only place Cline shows an allow's words.
// An ask cancels, with a reason that says approval is needed. A policy's
// updatedInput becomes overrideInput, which the CLI 3.0 runs instead.
func render(ev event.Event, v verdict.Verdict, in verdict.AgentInput) any {
	v = claude.FailureNotice(verdict.SkipNotice(ev, v, in.Notices))
	o := Output{}
	var ctx []string
	if !v.Blocked && v.Decision == "ask" && ev.Name == "BeforeTool" {
		// Cline has no "ask": an ask must not turn into an allow.
		o.Cancel, o.ErrorMessage = true, in.Cut("approval required: "+v.Reason)
	}
	if !o.Cancel && !v.Blocked && ev.Name == "BeforeTool" {
		// A whole new input only: Cline's input is not the event's
		// tool_input, so a policy's tool_input patch has nothing to
		// patch.
		if u, ok := v.HookSpecificOutput["updatedInput"].(map[string]any); ok {
			o.OverrideInput = u
		}
	}
	if v.Blocked {
		switch ev.Name {
		case "BeforeTool", "BeforeAgent", "PreCompress":
			o.Cancel, o.ErrorMessage = true, in.Cut(v.BlockMessage())
		default:
			ctx = append(ctx, v.BlockMessage())
		}
	}
	for _, s := range []string{verdict.ContextOf(v.HookSpecificOutput), v.SystemMessage} {
		if s != "" {
			ctx = append(ctx, s)
		}
	}
	o.ContextModification = in.Cut(strings.Join(ctx, "\n"))
	return o
}
