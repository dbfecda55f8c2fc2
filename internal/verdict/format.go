package verdict

import (
	"github.com/hookexec/hookexec/internal/event"
)

// Format is how fire prints a verdict (SPEC §6): the full result, or the
// output a single hook of an agent would print (the agent's format, named
// after the agent: claude, gemini), so that hookexec can be the one hook an
// agent is configured with. The agent formats, their renderers and
// ParseFormat are the agent table's (internal/agents).
type Format string

// FormatResult is the full result (SPEC §6), hookexec's own format.
const FormatResult Format = "result"

// Renderer renders a verdict as an agent reads one hook's output: the
// value fire prints as JSON, a Text printed as it is, or nil when fire
// prints nothing at all.
type Renderer func(ev event.Event, v Verdict, in AgentInput) any

// Text is an agent format's answer that fire prints as a line of text, not
// JSON (Claude Code's WorktreeCreate: the worktree's path); "" prints
// nothing.
type Text string

// AgentInput is what the agent formats need besides the verdict: the event
// input, and how long a message may be.
type AgentInput struct {
	// ToolInput returns the event's tool_input object (nil when it has
	// none). It is called only when a hook patched tool_input and the
	// claude format must turn the patch into a whole updatedInput. nil
	// means no tool_input.
	ToolInput func() map[string]any
	// MaxMessage is how many bytes each message (systemMessage, reason,
	// permissionDecisionReason, stopReason, additionalContext) may take;
	// a longer one is cut and says so (CutMessage). 0: DefaultMaxMessage.
	MaxMessage int
	// Notices remembers what the session's user was told of the hooks
	// hookexec left out and of the hooks' answers (SkipNotice); nil: they
	// are told on SessionStart and BeforeAgent only.
	Notices NoticeLog
}

// Cut bounds one message to in.MaxMessage.
func (in AgentInput) Cut(s string) string { return CutMessage(s, in.MaxMessage) }

// ToolInputOf is the ToolInput of an event input: it decodes in's
// tool_input object (numbers kept as written) when a renderer asks for it.
// in may be nil (an input that was never read).
func ToolInputOf(in *event.Input) func() map[string]any {
	return func() map[string]any {
		if in == nil {
			return nil
		}
		return in.Object("tool_input")
	}
}

// ToolInputObject is the event's tool_input object, nil when it has none
// (ToolInput).
func (in AgentInput) ToolInputObject() map[string]any {
	if in.ToolInput == nil {
		return nil
	}
	return in.ToolInput()
}
