package copilot

import (
	"fmt"
	"unicode"
	"unicode/utf8"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/reading"
	"github.com/hookexec/hookexec/internal/verdict"
)

// Reads is Copilot CLI's reading of a hook (1.0.102, a real run; see
// exited): its top-level answer fields as well as Claude's, and on the
// tool guards any status but 0 denies.
type Reads struct{ reading.Spec }

// Exited reads x as Copilot CLI does; a cut answer is never read.
func (Reads) Exited(x agent.Exit) agent.Read {
	if x.Cut && x.Code == 0 {
		return reading.Lost(x)
	}
	var r agent.Read
	r.Outcome, r.Output, r.Detail = exited(x.Event, x.Key, x.Code, x.Out, x.Err, &r.Notes)
	return r
}

// Answer: stdout, whatever the status.
func (Reads) Answer(x agent.Exit) (string, bool, bool) { return reading.Stdout(x) }

// exited interprets a copilot-dialect hook (a .github/hooks/*.json
// or ~/.copilot/hooks/*.json policy) that exited with code as Copilot CLI
// 1.0.102 reads it (each rule seen in a real run):
//
//   - exit 0: the JSON answer in Copilot's shape (copilotAnswer), or plain
//     text as SPEC §4.6 reads it;
//   - on the tool guards (BeforeTool, PermissionRequest) any other status
//     denies, and the JSON printed with it is ignored: exit 2 is Copilot's
//     deny, another status its fail-closed deny of a hook that errored.
//     stderr is the reason (Copilot tells its model only "hook exited with
//     code 2" or "hook errored");
//   - on the other events a status but 0 is a failed hook; Copilot shows
//     the stderr of exit 2 as a warning and skips any other in silence.
func exited(ev event.Event, key string, code int, out, errText string, notes *[]string) (verdict.Outcome, *verdict.Output, string) {
	if code == 0 {
		if obj, ok := reading.Object(out); ok {
			return verdict.Success, reading.Normalize(ev, answerShape(key, obj), notes), ""
		}
		o := (*verdict.Output)(nil)
		if out != "" {
			reading.Banner(out, notes)
			o = &verdict.Output{SystemMessage: out}
		}
		return verdict.Success, o, ""
	}
	failure := fmt.Sprintf("exit code %d", code)
	if ev.Name == "BeforeTool" || ev.Name == "PermissionRequest" {
		reason := reading.FirstNonEmpty(errText, "hook exited with code "+fmt.Sprint(code))
		if code == 2 && errText == "" {
			reason = reading.NoBlockMessage
		}
		return verdict.Blocked, &verdict.Output{Decision: "deny", Reason: reason}, ""
	}
	*notes = append(*notes, failure)
	return verdict.Error, reading.Warning("", errText), reading.WithText(failure, reading.FirstNonEmpty(errText, out))
}

// answerShape is a Copilot hook's JSON answer in the shape reading.Normalize
// reads. Copilot reads top-level fields in both of its dialects:
// permissionDecision and permissionDecisionReason (preToolUse), behavior
// and message (permissionRequest), modifiedArgs (the rewritten tool
// arguments) and additionalContext; decision "block" and reason are
// already SPEC's. Under its camelCase event names it ignores
// hookSpecificOutput; under the PascalCase ones it reads Claude Code's
// permissionDecision and updatedInput there, never its additionalContext
// nor PermissionRequest's decision object.
func answerShape(key string, obj map[string]any) map[string]any {
	out := make(map[string]any, len(obj))
	for k, v := range obj {
		out[k] = v
	}
	hso, _ := obj["hookSpecificOutput"].(map[string]any)
	if camelCase(key) {
		hso = nil
	}
	spec := make(map[string]any, len(hso)+2)
	for k, v := range hso {
		// Claude's PermissionRequest decision object is ignored too.
		if k != "additionalContext" && k != "decision" {
			spec[k] = v
		}
	}
	topLevel := func(from, to string) {
		if v, ok := reading.Present(obj, from); ok {
			spec[to] = v
		}
	}
	topLevel("permissionDecision", "permissionDecision")
	topLevel("permissionDecisionReason", "permissionDecisionReason")
	topLevel("modifiedArgs", "updatedInput")
	topLevel("additionalContext", "additionalContext")
	if b, ok := reading.Present(obj, "behavior"); ok && obj["decision"] == nil {
		out["decision"] = b
		if m, ok := obj["message"].(string); ok && obj["reason"] == nil {
			out["reason"] = m
		}
	}
	delete(out, "hookSpecificOutput")
	if len(spec) > 0 {
		out["hookSpecificOutput"] = spec
	}
	return out
}

// camelCase reports whether an event key is one of Copilot's own
// (preToolUse), not a Claude Code name (PreToolUse).
func camelCase(key string) bool {
	r, _ := utf8.DecodeRuneInString(key)
	return unicode.IsLower(r)
}
