package aggregator

import (
	"encoding/json"
	"strconv"

	"github.com/hookexec/hookexec/internal/verdict"
)

// geminiExited interprets a gemini-dialect hook that exited with code the
// way Gemini CLI's hook runner (0.61) does, so that a Gemini config behind
// hookexec keeps meaning what it means to Gemini (docs/agents.md, "Keeping an
// existing Claude Code or Gemini CLI config"). It differs from SPEC §4.6 in these ways, each seen in the
// real engine (make e2e):
//
//   - The text read is stdout, or stderr when stdout is empty, whatever the
//     exit code: a JSON object there is the answer as it is, also on exit 1
//     or 2 (exit 2 does not force a deny).
//   - JSON that is not an object (42, true, null) is no answer.
//   - Plain text: exit 0 is a systemMessage, exit 1 a "Warning: " message,
//     any other code a deny with the text as reason.
//   - Nothing printed: no answer, also on exit 2, which then does not block.
//
// The outcome is success on exit 0, blocked when a non-zero exit comes with
// an answer that denies, and error otherwise (so a fail-closed hook still
// denies when it fails).
func geminiExited(code int, out, errText string, notes *[]string) (verdict.Outcome, *verdict.Output) {
	text := firstNonEmpty(out, errText)
	var o *verdict.Output
	switch obj, kind := geminiAnswer(text); kind {
	case answerObject:
		o = normalizeGemini(obj, notes)
	case answerOther:
		*notes = append(*notes, "the JSON answer is not an object; Gemini CLI ignores it")
	case answerText:
		noteBanner(text, notes)
		switch code {
		case 0:
			o = &verdict.Output{SystemMessage: text}
		case 1:
			o = &verdict.Output{SystemMessage: "Warning: " + text}
		default:
			o = &verdict.Output{Decision: "deny", Reason: text}
		}
	}
	switch {
	case code == 0:
		return verdict.Success, o
	case o != nil && o.Decision == "deny":
		return verdict.Blocked, o
	default:
		return verdict.Error, o
	}
}

type answerKind int

const (
	answerNone   answerKind = iota // nothing printed
	answerObject                   // a JSON object (or an array, which Gemini takes as an empty answer)
	answerOther                    // JSON that is not an object: ignored
	answerText                     // not JSON: plain text
)

// geminiAnswer classifies a hook's trimmed text as Gemini's JSON.parse
// does, including one level of double encoding.
func geminiAnswer(text string) (map[string]any, answerKind) {
	if text == "" {
		return nil, answerNone
	}
	v, ok := decodeValue(text)
	if !ok {
		return nil, answerText
	}
	if s, isString := v.(string); isString {
		if v, ok = decodeValue(s); !ok {
			return nil, answerText
		}
	}
	switch x := v.(type) {
	case map[string]any:
		return x, answerObject
	case []any:
		return map[string]any{}, answerObject
	default:
		return nil, answerOther
	}
}

// normalizeGemini is normalize with Gemini CLI's reading of the fields:
// decision compared case-sensitively ("Block" decides nothing),
// suppressOutput true for any JavaScript-truthy value ("true", 1), and
// none of Claude Code's fields (permissionDecision is not a decision).
func normalizeGemini(obj map[string]any, notes *[]string) *verdict.Output {
	d, hasDecision := obj["decision"]
	s, hasSuppress := obj["suppressOutput"]
	rest := make(map[string]any, len(obj))
	for k, v := range obj {
		if k != "decision" && k != "suppressOutput" {
			rest[k] = v
		}
	}
	o := commonFields(rest, notes, "allow", "ask", "deny")
	if hasDecision && d != nil && d != "" {
		switch d {
		case "deny", "block":
			o.Decision = "deny"
		case "ask", "allow":
			o.Decision = d.(string)
		default:
			*notes = append(*notes, "decision "+describe(d)+" ignored: Gemini CLI reads only allow, ask, deny and block, in lower case")
		}
	}
	if hasSuppress && truthy(s) {
		t := true
		o.SuppressOutput = &t
	}
	_, o.WholeToolInput = o.HookSpecificOutput["tool_input"].(map[string]any)
	return o
}

// truthy is JavaScript's truthiness of a decoded JSON value.
func truthy(v any) bool {
	switch x := v.(type) {
	case nil:
		return false
	case bool:
		return x
	case string:
		return x != ""
	case json.Number:
		f, err := strconv.ParseFloat(string(x), 64)
		return err != nil || f != 0
	default:
		return true
	}
}
