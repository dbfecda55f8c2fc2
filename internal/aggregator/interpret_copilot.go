package aggregator

import (
	"fmt"
	"unicode"
	"unicode/utf8"

	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

// copilotExited interprets a copilot-dialect hook (a .github/hooks/*.json
// or ~/.copilot/hooks/*.json policy) that exited with code as Copilot CLI
// 1.0.102 reads it (agent.ReadCopilot; each rule seen in a real run):
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
func copilotExited(ev event.Event, key string, code int, out, errText string, notes *[]string) (verdict.Outcome, *verdict.Output, string) {
	if code == 0 {
		if obj, ok := outputObject(out); ok {
			return verdict.Success, normalize(ev, copilotAnswer(key, obj), notes), ""
		}
		o := (*verdict.Output)(nil)
		if out != "" {
			noteBanner(out, notes)
			o = &verdict.Output{SystemMessage: out}
		}
		return verdict.Success, o, ""
	}
	failure := fmt.Sprintf("exit code %d", code)
	if ev.Name == "BeforeTool" || ev.Name == "PermissionRequest" {
		reason := firstNonEmpty(errText, "hook exited with code "+fmt.Sprint(code))
		if code == 2 && errText == "" {
			reason = noBlockMessage
		}
		return verdict.Blocked, &verdict.Output{Decision: "deny", Reason: reason}, ""
	}
	*notes = append(*notes, failure)
	return verdict.Error, warningOutput("", errText), withText(failure, firstNonEmpty(errText, out))
}

// copilotAnswer is a Copilot hook's JSON answer in the shape normalize
// reads. Copilot reads top-level fields in both of its dialects:
// permissionDecision and permissionDecisionReason (preToolUse), behavior
// and message (permissionRequest), modifiedArgs (the rewritten tool
// arguments) and additionalContext; decision "block" and reason are
// already SPEC's. Under its camelCase event names it ignores
// hookSpecificOutput; under the PascalCase ones it reads Claude Code's
// permissionDecision and updatedInput there, never its additionalContext
// nor PermissionRequest's decision object.
func copilotAnswer(key string, obj map[string]any) map[string]any {
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
		if v, ok := present(obj, from); ok {
			spec[to] = v
		}
	}
	topLevel("permissionDecision", "permissionDecision")
	topLevel("permissionDecisionReason", "permissionDecisionReason")
	topLevel("modifiedArgs", "updatedInput")
	topLevel("additionalContext", "additionalContext")
	if b, ok := present(obj, "behavior"); ok && obj["decision"] == nil {
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
