package aggregator

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

// ErrorDeny is the verdict fire prints under --fail-closed for a config or
// input error on an event that can block (SPEC §6): a deny with the error
// as its reason, and no hook.
func ErrorDeny(ev event.Event, err error) Verdict {
	return Verdict{Event: ev.Name, Blocked: true, Decision: "deny", Reason: err.Error(), Continue: true, Hooks: []HookReport{}}
}

// ErrorAnswer is the verdict fire (and serve) gives for a config or input
// error, and false when there is none: in an agent format ErrorVerdict; in
// the result format the deny of --fail-closed on an event that can block
// (ErrorDeny), else nothing (fire exits 1 with the error, SPEC §6).
func ErrorAnswer(f Format, ev event.Event, err error, failClosed bool) (Verdict, bool) {
	switch {
	case f != FormatResult:
		return ErrorVerdict(ev, err, failClosed), true
	case failClosed && ev.CanBlock:
		return ErrorDeny(ev, err), true
	}
	return Verdict{}, false
}

// ErrorVerdict is the verdict fire prints in an agent format for a config
// or input error (issue 17 §2): the error in systemMessage, which the agent
// shows its user, and with failClosed a deny on an event that can block
// (ErrorDeny). On Gemini's BeforeToolSelection, where any answer is read
// as a tool config, it says nothing (unless it denies, which that event
// cannot).
func ErrorVerdict(ev event.Event, err error, failClosed bool) Verdict {
	v := Verdict{Event: ev.Name, Continue: true, Hooks: []HookReport{}}
	if failClosed && ev.CanBlock {
		v = ErrorDeny(ev, err)
	}
	if ev.Strategy != event.StrategyToolSelection {
		v.SystemMessage = "hookexec: no hook ran for this event: " + err.Error() + " (run 'hookexec validate' to check the configs)"
	}
	return v
}

func (in AgentInput) toolInput() map[string]any {
	if in.ToolInput == nil {
		return nil
	}
	return in.ToolInput()
}

// Render returns the value fire prints for v in format f: v itself for
// result, else the agent's hook output; nil when fire prints nothing at all
// (GeminiOutput.Silent). Claude Code's WorktreeCreate gets a ClaudeText,
// printed as it is (the worktree's path), not JSON.
//
// The agent formats never block unless the verdict does: on an event that
// cannot block (or a verdict that is not blocked, for continue), decision,
// reason, continue and stopReason are left out, so the output and the exit
// status always agree. Under claude, a hook that timed out or could not
// start is named in systemMessage (failureNotice), so the agent's user
// hears of it; Gemini CLI is told by the exit status (Verdict.Failed) and
// warns itself. Both tell the user of hooks hookexec left out (skipNotice).
// Each message they carry is cut to in.MaxMessage,
// since the agent puts it in front of the model; the result format is
// bounded only by the captured output (--max-total-output).
func Render(f Format, ev event.Event, v Verdict, in AgentInput) any {
	switch f {
	case FormatClaude:
		if ev.Plain == event.PlainWorktreePath {
			return RenderClaudeText(v)
		}
		return RenderClaude(ev, failureNotice(skipNotice(ev, v, in.Notices)), in)
	case FormatGemini:
		if out := RenderGemini(ev, skipNotice(ev, v, in.Notices), in); !out.Silent(ev) {
			return out
		}
		return nil
	default:
		return v
	}
}

// stopFields are the continue/stopReason pair of an agent output: present
// only when the verdict stops the agent (continue false on an event that
// can block).
func stopFields(ev event.Event, v Verdict) (*bool, string) {
	if !ev.CanBlock || v.Continue {
		return nil, ""
	}
	f := false
	return &f, v.StopReason
}

// mergedToolInput is the whole tool input after the hooks' changes: the
// updatedInput object (else the event's tool_input) with the tool_input
// patch shallow-merged into it, as sequential chaining applies them
// (SPEC §4.7). nil when no hook changed the input.
func mergedToolInput(hso map[string]any, original func() map[string]any) map[string]any {
	updated, hasUpdated := hso["updatedInput"].(map[string]any)
	patch, hasPatch := hso["tool_input"].(map[string]any)
	if !hasPatch || len(patch) == 0 {
		if hasUpdated {
			return updated
		}
		return nil
	}
	base := updated
	if !hasUpdated {
		base = original()
	}
	out := make(map[string]any, len(base)+len(patch))
	for k, val := range base {
		out[k] = val
	}
	for k, val := range patch {
		out[k] = val
	}
	return out
}

// contextOf is hookSpecificOutput.additionalContext if it is a string.
func contextOf(hso map[string]any) string {
	s, _ := hso["additionalContext"].(string)
	return s
}
