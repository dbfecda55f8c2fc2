package cursor

import (
	"maps"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/reading"
	"github.com/hookexec/hookexec/internal/verdict"
)

// Reads is Cursor's reading of a hook (documentation only): exit 0 reads
// its own JSON answer ({permission, user_message, agent_message,
// updated_input}, {continue}, {followup_message}, {additional_context})
// besides hookexec's; exit 2 blocks; any other status is a failed hook
// (Cursor fails open unless the entry says "failClosed": true).
type Reads struct{ reading.Spec }

// Exited reads x as SPEC §4.6 says, with Cursor's own fields on exit 0.
func (Reads) Exited(x agent.Exit) agent.Read {
	r := reading.Spec{}.Exited(x)
	if x.Code == 0 && !x.Cut && r.Output != nil {
		if obj, ok := reading.Object(x.Out); ok {
			fields(x.Event, obj, r.Output, &r.Notes)
		}
	}
	return r
}

// fields reads Cursor's own answer fields into o, which holds what
// reading.Normalize read of hookexec's: permission (allow,
// deny, ask) and its message (agent_message, else user_message);
// beforeSubmitPrompt's continue: false, which blocks the prompt rather
// than stopping the agent; stop's and subagentStop's followup_message,
// which keeps the agent going (a block there); additional_context; and
// preToolUse's updated_input. A decision hookexec's own fields gave wins.
func fields(ev event.Event, obj map[string]any, o *verdict.Output, notes *[]string) {
	msg := reading.FirstNonEmpty(reading.StringField(obj, "", "agent_message", notes), reading.StringField(obj, "", "user_message", notes))
	if v, ok := reading.Present(obj, "permission"); ok && o.Decision == "" {
		if d, ok := verdict.ParseDecision(v, "allow", "deny", "ask"); ok {
			o.Decision = d
			if d != "allow" && o.Reason == "" {
				o.Reason = msg
			}
		} else {
			*notes = append(*notes, "unknown permission "+reading.Describe(v)+" ignored")
		}
	}
	if ev.Name == "BeforeAgent" && o.Continue != nil && !*o.Continue {
		o.Continue = nil
		if o.Decision == "" {
			o.Decision, o.Reason = "deny", reading.FirstNonEmpty(o.Reason, msg, "blocked by hook")
		}
	}
	if f := reading.StringField(obj, "", "followup_message", notes); f != "" && (ev.Name == "AfterAgent" || ev.Name == "SubagentStop") && o.Decision == "" {
		o.Decision, o.Reason = "deny", f
	}
	extra := map[string]any{}
	if c := reading.StringField(obj, "", "additional_context", notes); c != "" {
		extra["additionalContext"] = c
	}
	if v, ok := reading.Present(obj, "updated_input"); ok {
		if m, ok := v.(map[string]any); ok {
			extra["updatedInput"] = m
		} else {
			*notes = append(*notes, reading.WrongType("updated_input", "an object", v))
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
