package reading

import (
	"fmt"
	"strings"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

// NoBlockMessage is the reason of an exit-2 block that said nothing.
const NoBlockMessage = "hook exited with code 2 without an error message"

// LostAnswer describes a hook whose JSON answer was cut by the capture caps.
const LostAnswer = "stdout over the output cap (--max-output or --max-total-output); the JSON answer was lost"

// Lost is the reading of a hook that exited 0 with its answer cut by the
// capture caps: an error of the hook, which blocks when the hook fails
// closed; the agent is told in any case, since a deny may have been lost.
func Lost(x agent.Exit) agent.Read {
	return agent.Read{
		Outcome: verdict.Error,
		Output:  &verdict.Output{SystemMessage: "Warning: " + WithText("hook "+x.Name+": "+LostAnswer, x.Err)},
		Detail:  WithText(LostAnswer, x.Err),
		Notes:   []string{LostAnswer},
	}
}

// LostBlock is the reading of a hook that exited 2 with its answer cut:
// exit 2 denies whatever was lost; only the reason is missing.
func LostBlock(x agent.Exit) agent.Read {
	return agent.Read{
		Outcome: verdict.Blocked,
		Output:  &verdict.Output{Decision: "deny", Reason: FirstNonEmpty(x.Err, "hook exited with code 2; its "+LostAnswer)},
		Notes:   []string{LostAnswer},
	}
}

// Failed is the reading of a hook that exited with a status that is
// neither success nor a block: an error whose text is a warning.
func Failed(x agent.Exit) agent.Read {
	failure := fmt.Sprintf("exit code %d", x.Code)
	return agent.Read{
		Outcome: verdict.Error,
		Output:  Warning(x.Out, x.Err),
		Detail:  WithText(failure, FirstNonEmpty(x.Err, x.Out)),
		Notes:   []string{failure},
	}
}

// Success interprets the trimmed stdout of a hook that exited 0: its JSON
// answer, else plain text, which is additional context on an event that
// takes it when context is true (Claude Code's reading) and a
// systemMessage otherwise (SPEC §4.6). A worktree event's plain text is
// the worktree's path, its last line, as Claude Code reads it.
func Success(ev event.Event, out string, context bool, notes *[]string) *verdict.Output {
	if out == "" {
		return nil
	}
	if obj, ok := Object(out); ok {
		return Normalize(ev, obj, notes)
	}
	switch {
	case ev.Plain == event.PlainWorktreePath:
		lines := strings.Split(out, "\n")
		return &verdict.Output{HookSpecificOutput: map[string]any{"worktreePath": strings.TrimSpace(lines[len(lines)-1])}}
	case ev.Plain == event.PlainContext && context:
		Banner(out, notes)
		return &verdict.Output{HookSpecificOutput: map[string]any{"additionalContext": out}}
	}
	Banner(out, notes)
	return &verdict.Output{SystemMessage: out}
}

// Block interprets a hook that exited 2: its JSON object (if any) with
// the decision forced to deny, and the best reason available.
func Block(x agent.Exit, notes *[]string) *verdict.Output {
	o := &verdict.Output{}
	plain := ""
	if obj, ok := Object(x.Out); ok {
		o = Normalize(x.Event, obj, notes)
	} else if x.Out != "" && !IsJSON(x.Out) {
		plain = x.Out
		Banner(x.Out, notes)
	}
	o.Decision = "deny"
	o.Reason = FirstNonEmpty(x.Err, o.Reason, plain, NoBlockMessage)
	return o
}

// Warning is the output of a hook that failed: its message as a warning,
// or none when it said nothing.
func Warning(out, errText string) *verdict.Output {
	text := FirstNonEmpty(errText, out)
	if text == "" {
		return nil
	}
	return &verdict.Output{SystemMessage: "Warning: " + text}
}

// Banner notes the common mistake of printing text before the JSON
// object: the whole stdout is then plain text, but its last line is JSON.
func Banner(out string, notes *[]string) {
	i := strings.LastIndexByte(out, '\n')
	if i < 0 {
		return
	}
	if _, ok := DecodeObject(strings.TrimSpace(out[i+1:])); ok {
		*notes = append(*notes, "stdout is not a single JSON object (text before the JSON); treated as plain text")
	}
}

// WithText is failure followed by the text the hook printed, if any.
func WithText(failure, text string) string {
	if text == "" {
		return failure
	}
	return failure + ": " + text
}

// FirstNonEmpty is the first of s that is not "".
func FirstNonEmpty(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}
