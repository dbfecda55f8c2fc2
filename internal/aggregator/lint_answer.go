package aggregator

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/reading"
	"github.com/hookexec/hookexec/internal/runner"
	"github.com/hookexec/hookexec/internal/spelling"
)

// topLevelKeys are the keys of an answer that commonFields reads (every
// dialect's), and the keys Claude Code reads of an async hook's first line,
// which hookexec leaves alone rather than calling them unknown.
func topLevelKeys() []string {
	return []string{"continue", "decision", "hookSpecificOutput", "reason", "stopReason", "suppressOutput", "systemMessage",
		"async", "asyncTimeout"}
}

// specificKeys are the keys of hookSpecificOutput that some reader takes:
// claudeFields and the merge (permissionDecision and its reason,
// decision, updatedInput, additionalContext), the rewrites and the
// tool-selection strategy (tool_input, toolConfig), the input chaining
// of the model events (llm_request, llm_response), Gemini CLI's
// clearContext, and the fields --format claude passes through (Claude
// Code's output schema, claude.SpecificOutput; a test keeps them in step).
func specificKeys() []string {
	return []string{"hookEventName", "additionalContext", "permissionDecision", "permissionDecisionReason",
		"updatedInput", "updatedPermissions", "decision", "tool_input", "toolConfig", "llm_request", "llm_response",
		"clearContext", "worktreePath", "updatedToolOutput", "updatedMCPToolOutput", "classifierContext",
		"sessionTitle", "suppressOriginalPrompt", "initialUserMessage", "reloadSkills", "watchPaths", "retry",
		"displayContent", "action", "content"}
}

// misplacedKeys are the keys of hookSpecificOutput that mean nothing at
// the top level, where no reader of these dialects looks for them (all
// but decision, which is a top-level key too).
func misplacedKeys() []string {
	return slices.DeleteFunc(specificKeys(), func(k string) bool { return k == "decision" })
}

// maxAnswerWarnings bounds the warnings of one answer: an answer with
// thousands of unknown keys gets a few and a count of the rest.
const maxAnswerWarnings = 5

// maxSuggestKey is the longest key a "did you mean" is looked for (the
// edit distance costs the product of the lengths).
const maxSuggestKey = 64

// linted reports whether the answers of a hook in meta's dialect are
// checked for fields in the wrong place: the native dialect's, and
// Claude Code's and Qwen Code's, whose answers hookexec reads as those
// agents do. The other agents read fields of their own (Copilot's
// top-level permissionDecision, Cursor's permission, Cline's cancel),
// even those whose answers are read as Claude Code's or as SPEC §4.6 says,
// and the exit-status agents read no JSON.
func (m Meta) linted() bool {
	if m.HTTP {
		return false
	}
	switch m.Dialect {
	case "", "native", "claude", "qwen":
		return true
	}
	return false
}

// lintAnswer lists what in a hook's JSON answer obj no reader takes, each
// with its fix: hookSpecificOutput's fields at the top level
// (unless the answer says the same in a place that is read), misspelled or
// unknown keys, and a hookEventName that names another event. It never
// changes the answer or its decision.
func lintAnswer(ev event.Event, meta Meta, obj map[string]any) []string {
	var warns []string
	eventName := reading.FirstNonEmpty(meta.EventKey, ev.Name)
	hso, _ := obj["hookSpecificOutput"].(map[string]any)
	var moved []string
	misplaced := misplacedKeys()
	for _, k := range misplaced {
		if _, ok := obj[k]; ok && !honoured(k, obj, hso) {
			moved = append(moved, k)
		}
	}
	if len(moved) > 0 {
		warns = append(warns, misplacedText(moved, eventName))
	}
	top, specific := topLevelKeys(), specificKeys()
	for _, k := range sortedKeys(obj) {
		if slices.Contains(top, k) || slices.Contains(misplaced, k) {
			continue
		}
		warns = append(warns, unknownTopText(k, eventName))
	}
	for _, k := range sortedKeys(hso) {
		if slices.Contains(specific, k) {
			continue
		}
		s := closestKey(k, specific)
		switch {
		case s != "":
			warns = append(warns, fmt.Sprintf("unknown key %s in hookSpecificOutput is ignored (did you mean %q?)", reading.Describe(k), s))
		case meta.Dialect == "claude":
			// A native answer's hookSpecificOutput reaches every agent's
			// format, and some read keys hookexec does not know; Claude
			// Code's are all known.
			warns = append(warns, fmt.Sprintf("unknown key %s in hookSpecificOutput is ignored: Claude Code reads none such", reading.Describe(k)))
		}
	}
	if w := eventNameText(ev, hso, eventName); w != "" {
		warns = append(warns, w)
	}
	return warns
}

// answerWarnings are the warnings about the answer of hook x, each naming
// the hook: what lintAnswer finds in the JSON answer its dialect reads at
// that status, and plain text that a native hook printed where Claude Code
// would give it to the model (plainContextText). A cut answer is not read
// at all.
func answerWarnings(meta Meta, res runner.Result, x agent.Exit) []string {
	if !meta.linted() || res.StdoutTruncated || res.StderrTruncated {
		return nil
	}
	text, read, plainLinted := meta.reader().Answer(x)
	if !read {
		return nil // a failed hook: its output is a warning, never read
	}
	var warns []string
	if obj, ok := reading.Object(text); ok {
		warns = lintAnswer(x.Event, meta, obj)
	} else if plainLinted && x.Event.Plain == event.PlainContext && text != "" && !reading.IsJSON(text) {
		warns = []string{plainContextText(reading.FirstNonEmpty(meta.EventKey, x.Event.Name))}
	}
	if n := len(warns); n > maxAnswerWarnings {
		warns = append(warns[:maxAnswerWarnings-1], fmt.Sprintf("%d more fields of the answer are not read (run the hook to see them)", n-maxAnswerWarnings+1))
	}
	label := hookLabel(meta)
	for i, w := range warns {
		warns[i] = label + ": " + w
	}
	return warns
}

// honoured reports whether the top-level key k says nothing the answer
// does not say where it is read: the same key in hookSpecificOutput, a
// top-level decision for permissionDecision, a reason for its reason.
func honoured(k string, obj, hso map[string]any) bool {
	if _, ok := reading.Present(hso, k); ok {
		return true
	}
	switch k {
	case "permissionDecision":
		_, ok := reading.Present(obj, "decision")
		return ok
	case "permissionDecisionReason":
		_, ok := reading.Present(obj, "reason")
		return ok
	}
	return false
}

// misplacedText is the warning about hookSpecificOutput's keys written at
// the top level, with the answer that works.
func misplacedText(keys []string, eventName string) string {
	quoted := make([]string, len(keys))
	fields := make([]string, 0, len(keys)+1)
	fields = append(fields, fmt.Sprintf("%q: %q", "hookEventName", eventName))
	for i, k := range keys {
		quoted[i] = fmt.Sprintf("%q", k)
		if k != "hookEventName" {
			fields = append(fields, fmt.Sprintf("%q: ...", k))
		}
	}
	fix := `{"hookSpecificOutput": {` + strings.Join(fields, ", ") + `}}`
	if len(keys) == 1 && keys[0] == "additionalContext" {
		return "top-level \"additionalContext\" is ignored: only hookSpecificOutput.additionalContext reaches the model; move it into hookSpecificOutput: " + fix
	}
	verb := "is"
	if len(keys) > 1 {
		verb = "are"
	}
	list := quoted[0]
	if n := len(quoted); n > 1 {
		list = strings.Join(quoted[:n-1], ", ") + " and " + quoted[n-1]
	}
	return fmt.Sprintf("top-level %s %s ignored: read only inside hookSpecificOutput; move into hookSpecificOutput: %s", list, verb, fix)
}

// unknownTopText is the warning about a top-level key no reader takes,
// with the key it is closest to.
func unknownTopText(k, eventName string) string {
	top := topLevelKeys()[:7] // the keys a user writes (not Claude's async ones)
	known := append(slices.Clone(top), specificKeys()...)
	s := closestKey(k, known)
	switch {
	case s == "":
		return fmt.Sprintf("unknown key %s is ignored (the top-level keys read are %s)", reading.Describe(k), strings.Join(top, ", "))
	case slices.Contains(top, s):
		return fmt.Sprintf("unknown key %s is ignored (did you mean %q?)", reading.Describe(k), s)
	default:
		return fmt.Sprintf("unknown key %s is ignored (did you mean %q? it goes inside hookSpecificOutput: {\"hookSpecificOutput\": {\"hookEventName\": %q, %q: ...}})",
			reading.Describe(k), s, eventName, s)
	}
}

// eventNameText is the warning about a hookSpecificOutput.hookEventName
// that is not a name of ev; "" when it is one, or absent.
func eventNameText(ev event.Event, hso map[string]any, eventName string) string {
	v, ok := reading.Present(hso, "hookEventName")
	if !ok {
		return ""
	}
	name, isString := v.(string)
	if !isString {
		return fmt.Sprintf("hookSpecificOutput.hookEventName is %s, not a string: write %q", reading.Describe(v), eventName)
	}
	if name == eventName || name == ev.Name || (ev.Claude != "" && name == ev.Claude) {
		return ""
	}
	if n, ok := agents.EventByKey(name); ok && n.Event.Name == ev.Name {
		return ""
	}
	return fmt.Sprintf("hookSpecificOutput.hookEventName is %s but the hook answered %s (Claude Code rejects an answer for another event); write %q",
		reading.Describe(name), eventName, eventName)
}

// closestKey is the known key k is a misspelling of, or "".
func closestKey(k string, known []string) string {
	if len(k) > maxSuggestKey {
		return ""
	}
	return spelling.Closest(k, known, max(2, len(k)/3))
}

// sortedKeys are m's keys in order, so that warnings come in a stable order.
func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// plainContextText is the warning about plain text that a native hook
// printed on an event where Claude Code would give it to the model
// (SessionStart, UserPromptSubmit): here it is a systemMessage, which the
// user sees and the model never does.
func plainContextText(eventName string) string {
	return fmt.Sprintf("plain text on %s becomes a systemMessage: the user sees it, the model does not; "+
		"to give it to the model print {\"hookSpecificOutput\": {\"hookEventName\": %q, \"additionalContext\": \"...\"}} instead",
		eventName, eventName)
}

// hookLabel names a hook in its warnings: its name (else its command) and
// where it is defined.
func hookLabel(meta Meta) string {
	label := fmt.Sprintf("hook %q", reading.FirstNonEmpty(meta.Name, meta.Command))
	if where := reading.FirstNonEmpty(meta.Pos, meta.File); where != "" {
		label += " (" + where + ")"
	}
	return label
}
