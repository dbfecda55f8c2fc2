package aggregator

import (
	"fmt"
	"maps"

	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

// exitCodeExited reads a hook of an agent that reads only the exit status
// (agent.ReadExitCode: Windsurf, Kiro CLI): exit 2 blocks with stderr as
// the reason; exit 0 succeeds, its stdout context on the events that take
// plain text (Kiro adds it to the model's context on agentSpawn and
// userPromptSubmit) and nothing elsewhere, JSON included; any other status
// is a failed hook, its text a warning, and the action proceeds.
func exitCodeExited(ev event.Event, code int, out, errText string, notes *[]string) (verdict.Outcome, *verdict.Output, string) {
	switch code {
	case 0:
		if ev.Plain == event.PlainContext && out != "" {
			return verdict.Success, &verdict.Output{HookSpecificOutput: map[string]any{"additionalContext": out}}, ""
		}
		return verdict.Success, nil, ""
	case 2:
		return verdict.Blocked, &verdict.Output{Decision: "deny", Reason: firstNonEmpty(errText, noBlockMessage)}, ""
	}
	failure := fmt.Sprintf("exit code %d", code)
	*notes = append(*notes, failure)
	return verdict.Error, warningOutput(out, errText), withText(failure, firstNonEmpty(errText, out))
}

// cursorFields reads Cursor's own answer fields (agent.ReadCursor) into
// o, which holds what normalize read of hookexec's: permission (allow,
// deny, ask) and its message (agent_message, else user_message);
// beforeSubmitPrompt's continue: false, which blocks the prompt rather
// than stopping the agent; stop's and subagentStop's followup_message,
// which keeps the agent going (a block there); additional_context; and
// preToolUse's updated_input. A decision hookexec's own fields gave wins.
func cursorFields(ev event.Event, obj map[string]any, o *verdict.Output, notes *[]string) {
	msg := firstNonEmpty(stringField(obj, "", "agent_message", notes), stringField(obj, "", "user_message", notes))
	if v, ok := present(obj, "permission"); ok && o.Decision == "" {
		if d, ok := verdict.ParseDecision(v, "allow", "deny", "ask"); ok {
			o.Decision = d
			if d != "allow" && o.Reason == "" {
				o.Reason = msg
			}
		} else {
			*notes = append(*notes, "unknown permission "+describe(v)+" ignored")
		}
	}
	if ev.Name == "BeforeAgent" && o.Continue != nil && !*o.Continue {
		o.Continue = nil
		if o.Decision == "" {
			o.Decision, o.Reason = "deny", firstNonEmpty(o.Reason, msg, "blocked by hook")
		}
	}
	if f := stringField(obj, "", "followup_message", notes); f != "" && (ev.Name == "AfterAgent" || ev.Name == "SubagentStop") && o.Decision == "" {
		o.Decision, o.Reason = "deny", f
	}
	extra := map[string]any{}
	if c := stringField(obj, "", "additional_context", notes); c != "" {
		extra["additionalContext"] = c
	}
	if v, ok := present(obj, "updated_input"); ok {
		if m, ok := v.(map[string]any); ok {
			extra["updatedInput"] = m
		} else {
			*notes = append(*notes, wrongType("updated_input", "an object", v))
		}
	}
	if len(extra) == 0 {
		return
	}
	hso := make(map[string]any, len(o.HookSpecificOutput)+len(extra))
	maps.Copy(hso, extra)
	maps.Copy(hso, o.HookSpecificOutput) // hookexec's own fields win
	o.HookSpecificOutput = hso
}
