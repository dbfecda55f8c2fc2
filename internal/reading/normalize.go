package reading

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

// Object parses a hook's trimmed stdout as one JSON object, or as a
// JSON string whose content is one JSON object (double-encoded output).
func Object(out string) (map[string]any, bool) {
	if obj, ok := DecodeObject(out); ok {
		return obj, true
	}
	if !strings.HasPrefix(out, `"`) {
		return nil, false
	}
	v, ok := Value(out)
	if !ok {
		return nil, false
	}
	s, ok := v.(string)
	if !ok {
		return nil, false
	}
	return DecodeObject(strings.TrimSpace(s))
}

// DecodeObject parses s as exactly one JSON object (nothing after it).
// Numbers are kept as json.Number so they survive unchanged.
func DecodeObject(s string) (map[string]any, bool) {
	if !strings.HasPrefix(s, "{") {
		return nil, false
	}
	v, ok := Value(s)
	if !ok {
		return nil, false
	}
	obj, ok := v.(map[string]any)
	return obj, ok
}

// Value parses s as exactly one JSON value.
func Value(s string) (any, bool) {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, false
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, false
	}
	return v, true
}

// IsJSON reports whether s is one valid JSON value of any kind.
func IsJSON(s string) bool {
	return json.Valid([]byte(s))
}

// Normalize turns a hook's JSON output object into an Output (SPEC §4.6).
// Values that are dropped are described in notes.
func Normalize(ev event.Event, obj map[string]any, notes *[]string) *verdict.Output {
	o := Fields(obj, notes, decisionsOf(ev)...)
	claudeFields(ev, o, notes)
	return o
}

// decisionsOf are the decisions a hook's output may give on ev: allow, ask
// and deny, and on BeforeTool (PreToolUse) also defer, Claude Code's "let
// the agent decide later" (SPEC §4.6; merge precedence deny > defer > ask >
// allow, SPEC §5).
func decisionsOf(ev event.Event) []string {
	if ev.Name == "BeforeTool" {
		return []string{"allow", "ask", "deny", "defer"}
	}
	return []string{"allow", "ask", "deny"}
}

// Fields reads the fields every dialect shares: decision (any case,
// with block and approve as aliases, one of allowed), reason, stopReason,
// systemMessage, continue, suppressOutput and hookSpecificOutput.
func Fields(obj map[string]any, notes *[]string, allowed ...string) *verdict.Output {
	o := &verdict.Output{}
	if v, ok := Present(obj, "decision"); ok {
		if d, ok := verdict.ParseDecision(v, allowed...); ok {
			o.Decision = d
		} else {
			*notes = append(*notes, "unknown decision "+Describe(v)+" ignored")
		}
	}
	o.Reason = StringField(obj, "", "reason", notes)
	o.StopReason = StringField(obj, "", "stopReason", notes)
	o.SystemMessage = StringField(obj, "", "systemMessage", notes)
	if v, ok := Present(obj, "continue"); ok {
		if b, ok := v.(bool); ok {
			o.Continue = &b
		} else {
			*notes = append(*notes, WrongType("continue", "a boolean", v))
		}
	}
	if v, ok := Present(obj, "suppressOutput"); ok {
		if b, ok := v.(bool); ok {
			o.SuppressOutput = &b
		} else {
			*notes = append(*notes, WrongType("suppressOutput", "a boolean", v))
		}
	}
	if v, ok := Present(obj, "hookSpecificOutput"); ok {
		if m, ok := v.(map[string]any); ok {
			o.HookSpecificOutput = m
		} else {
			*notes = append(*notes, WrongType("hookSpecificOutput", "an object", v))
		}
	}
	return o
}

// claudeFields applies Claude Code's decision fields inside
// hookSpecificOutput: permissionDecision (and its reason), and for
// PermissionRequest decision.behavior (and its message).
func claudeFields(ev event.Event, o *verdict.Output, notes *[]string) {
	hso := o.HookSpecificOutput
	if hso == nil {
		return
	}
	if ev.Name == "PermissionRequest" {
		if v, ok := Present(hso, "decision"); ok {
			if d, ok := v.(map[string]any); ok {
				if b, ok := Present(d, "behavior"); ok && o.Decision == "" {
					if dec, ok := verdict.ParseDecision(b, "allow", "deny"); ok {
						o.Decision = dec
					} else {
						*notes = append(*notes, "unknown hookSpecificOutput.decision.behavior "+Describe(b)+" ignored")
					}
				}
				if msg := StringField(d, "hookSpecificOutput.decision.", "message", notes); o.Reason == "" {
					o.Reason = msg
				}
			} else {
				*notes = append(*notes, WrongType("hookSpecificOutput.decision", "an object", v))
			}
		}
	}
	if v, ok := Present(hso, "permissionDecision"); ok && o.Decision == "" {
		if s, isString := v.(string); isString && strings.EqualFold(strings.TrimSpace(s), "defer") && ev.Name != "BeforeTool" {
			// defer outside PreToolUse: no decision, the agent decides
			// as usual.
		} else if d, ok := verdict.ParseDecision(v, decisionsOf(ev)...); ok {
			o.Decision = d
		} else {
			*notes = append(*notes, "unknown hookSpecificOutput.permissionDecision "+Describe(v)+" ignored")
		}
	}
	if r := StringField(hso, "hookSpecificOutput.", "permissionDecisionReason", notes); o.Reason == "" {
		o.Reason = r
	}
}

// Present returns obj[key] unless it is absent, null or the empty string,
// all of which mean "not set".
func Present(obj map[string]any, key string) (any, bool) {
	v, ok := obj[key]
	if !ok || v == nil || v == "" {
		return nil, false
	}
	return v, true
}

// StringField returns obj[key] if it is a string; another type is noted
// (path is where obj sits in the output, for the note).
func StringField(obj map[string]any, path, key string, notes *[]string) string {
	v, ok := Present(obj, key)
	if !ok {
		return ""
	}
	s, ok := v.(string)
	if !ok {
		*notes = append(*notes, WrongType(path+key, "a string", v))
	}
	return s
}

// WrongType is the note of a field of the wrong type, which is ignored.
func WrongType(key, want string, v any) string {
	return fmt.Sprintf("%q ignored: expected %s, got %s", key, want, Describe(v))
}

// Describe renders a decoded JSON value for a message, shortened.
func Describe(v any) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Sprint(v)
	}
	s := strings.TrimSpace(buf.String())
	if r := []rune(s); len(r) > 40 {
		s = string(r[:40]) + "…"
	}
	return s
}
