package verdict

import (
	"fmt"
	"strings"

	"github.com/hookexec/hookexec/internal/event"
)

// Format is how fire prints a verdict (SPEC §6): the full result, or the
// output a single Claude Code or Gemini CLI / LLxprt hook would print, so
// that hookexec can be the one hook an agent is configured with.
type Format string

const (
	FormatResult Format = "result"
	FormatClaude Format = "claude"
	FormatGemini Format = "gemini"
)

// Formats lists the formats in the order they are documented.
func Formats() []Format { return []Format{FormatResult, FormatClaude, FormatGemini} }

// ParseFormat reads a --format value (case-insensitive, surrounding space
// ignored); "" is the default, result.
func ParseFormat(s string) (Format, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if t == "" {
		return FormatResult, nil
	}
	for _, f := range Formats() {
		if string(f) == t {
			return f, nil
		}
	}
	return "", fmt.Errorf("unknown format %q (supported: result, claude, gemini)", s)
}

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
	// hookexec left out (skipNotice); nil: they are told on SessionStart
	// and BeforeAgent only.
	Notices NoticeLog
}

// cut bounds one message to in.MaxMessage.
func (in AgentInput) cut(s string) string { return CutMessage(s, in.MaxMessage) }

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

func (in AgentInput) toolInput() map[string]any {
	if in.ToolInput == nil {
		return nil
	}
	return in.ToolInput()
}
