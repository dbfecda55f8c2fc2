package gemini

import (
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/reading"
	"github.com/hookexec/hookexec/internal/verdict"
)

// Reads is Gemini CLI's hook runner (0.61): stdout, else stderr, is the
// answer whatever the status (exit 2 forces nothing), and any status but
// 0 counts as a failed hook, which fire reports by its exit status under
// Gemini's format.
type Reads struct{ reading.Spec }

// Exited reads x as Gemini CLI does; a cut answer is never read.
func (Reads) Exited(x agent.Exit) agent.Read {
	if x.Cut && x.Code == 0 {
		return reading.Lost(x)
	}
	var r agent.Read
	r.Outcome, r.Output = exited(x.Code, x.Out, x.Err, &r.Notes)
	if r.Outcome == verdict.Error {
		failure := fmt.Sprintf("exit code %d", x.Code)
		if x.Code == 2 && r.Output == nil {
			failure += " without output, which Gemini CLI does not take as a block"
		}
		r.Notes = append(r.Notes, failure)
		r.Detail = reading.WithText(failure, reading.FirstNonEmpty(x.Err, x.Out))
	}
	return r
}

// Answer: stdout, whatever the status.
func (Reads) Answer(x agent.Exit) (string, bool, bool) { return reading.Stdout(x) }

// Blocks: stdout is the answer whatever the status; it blocks with
// "continue": false or "decision" "deny" or "block".
func (Reads) Blocks(_ event.Event, stdout []byte, _ int) bool {
	return reading.JSONBlocks(stdout, true, false)
}

// exited interprets a gemini-dialect hook that exited with code the
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
func exited(code int, out, errText string, notes *[]string) (verdict.Outcome, *verdict.Output) {
	text := reading.FirstNonEmpty(out, errText)
	var o *verdict.Output
	switch obj, kind := classify(text); kind {
	case answerObject:
		o = normalize(obj, notes)
	case answerOther:
		*notes = append(*notes, "the JSON answer is not an object; Gemini CLI ignores it")
	case answerText:
		reading.Banner(text, notes)
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

// classify classifies a hook's trimmed text as Gemini's JSON.parse
// does, including one level of double encoding.
func classify(text string) (map[string]any, answerKind) {
	if text == "" {
		return nil, answerNone
	}
	v, ok := reading.Value(text)
	if !ok {
		return nil, answerText
	}
	if s, isString := v.(string); isString {
		if v, ok = reading.Value(s); !ok {
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

// normalize is reading.Normalize with Gemini CLI's reading of the fields:
// decision compared case-sensitively ("Block" decides nothing),
// suppressOutput true for any JavaScript-truthy value ("true", 1), and
// none of Claude Code's fields (permissionDecision is not a decision).
func normalize(obj map[string]any, notes *[]string) *verdict.Output {
	d, hasDecision := obj["decision"]
	s, hasSuppress := obj["suppressOutput"]
	rest := make(map[string]any, len(obj))
	for k, v := range obj {
		if k != "decision" && k != "suppressOutput" {
			rest[k] = v
		}
	}
	o := reading.Fields(rest, notes, "allow", "ask", "deny")
	if hasDecision && d != nil && d != "" {
		switch d {
		case "deny", "block":
			o.Decision = "deny"
		case "ask", "allow":
			o.Decision = d.(string)
		default:
			*notes = append(*notes, "decision "+reading.Describe(d)+" ignored: Gemini CLI reads only allow, ask, deny and block, in lower case")
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
