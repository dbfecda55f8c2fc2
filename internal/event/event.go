package event

import (
	"fmt"
	"strings"

	"github.com/hookexec/hookexec/internal/spelling"
)

// Strategy is how the outputs of the hooks of one event are merged (SPEC §5).
type Strategy int

const (
	// StrategyDecision merges decisions (deny > ask > allow) and joins messages.
	StrategyDecision Strategy = iota
	// StrategyReplace lets later outputs replace earlier top-level fields.
	StrategyReplace
	// StrategyToolSelection merges hookSpecificOutput.toolConfig only.
	StrategyToolSelection
)

// String names the strategy as plan and logs print it.
func (s Strategy) String() string {
	switch s {
	case StrategyReplace:
		return "replace"
	case StrategyToolSelection:
		return "tool-selection"
	default:
		return "decision"
	}
}

// Chain is how a sequential hook's output feeds the next hook's input (SPEC §4.7).
type Chain int

const (
	// ChainNone: the input is not changed between hooks.
	ChainNone Chain = iota
	// ChainToolInput: updatedInput replaces tool_input, then tool_input is merged in.
	ChainToolInput
	// ChainPrompt: additionalContext is appended to prompt after a blank line.
	ChainPrompt
	// ChainLLMRequest: hookSpecificOutput.llm_request is merged into llm_request.
	ChainLLMRequest
)

// Event describes one event of the catalogue.
type Event struct {
	// Name is the canonical (LLxprt / Gemini CLI) name.
	Name string
	// Claude is the Claude Code name; equal to Name for shared names and for
	// Claude-only events, empty when Claude Code has no such event.
	Claude string
	// ClaudeOnly marks events that exist only in Claude Code.
	ClaudeOnly bool
	// MatchField is the input field a matcher is tested against; empty when
	// the event has no match value (matchers are ignored).
	MatchField string
	Strategy   Strategy
	CanBlock   bool
	Chain      Chain
	// MatchBase: the matcher is tested against the last element of the
	// MatchField path (Claude Code's FileChanged matches file names).
	MatchBase bool
	// Plain is how a successful hook's plain-text stdout is read.
	Plain Plain
	// Unknown marks an event that is not in the catalogue, run by its
	// exact name under an agent format (Unknown).
	Unknown bool
}

// Keys returns the config keys under which hooks for this event are
// registered: the canonical name, then the Claude alias if it differs.
func (e Event) Keys() []string {
	if e.Claude == "" || e.Claude == e.Name {
		return []string{e.Name}
	}
	return []string{e.Name, e.Claude}
}

// All returns the catalogue in SPEC §1 order.
func All() []Event {
	out := make([]Event, len(catalogue))
	copy(out, catalogue)
	return out
}

// Names returns every name accepted on the command line (canonical names and
// aliases), in catalogue order, without duplicates.
func Names() []string {
	var names []string
	for _, e := range catalogue {
		names = append(names, e.Keys()...)
	}
	return names
}

// ByKey finds the event for a config key. Keys are exact (case-sensitive);
// both canonical names and Claude aliases are accepted.
func ByKey(key string) (Event, bool) {
	for _, e := range catalogue {
		for _, k := range e.Keys() {
			if k == key {
				return e, true
			}
		}
	}
	return Event{}, false
}

// UnknownError is returned by Resolve for a name that is not in the catalogue.
type UnknownError struct {
	Name       string
	Suggestion string
}

func (e *UnknownError) Error() string {
	if e.Suggestion != "" {
		return fmt.Sprintf("unknown event %q (did you mean %q?)", e.Name, e.Suggestion)
	}
	return fmt.Sprintf("unknown event %q (known events: %s)", e.Name, strings.Join(Names(), ", "))
}

// Resolve finds the event for a command-line name, case-insensitively. An
// unknown name yields an *UnknownError carrying the closest known name.
func Resolve(name string) (Event, error) {
	for _, e := range catalogue {
		for _, k := range e.Keys() {
			if strings.EqualFold(k, name) {
				return e, nil
			}
		}
	}
	return Event{}, &UnknownError{Name: name, Suggestion: Suggest(name)}
}

// Suggest returns the known event name closest to name, or "" when nothing
// is close enough to be a plausible typo. A fragment of a longer name
// ("Compact" for "PreCompact") also counts.
func Suggest(name string) string {
	if s := spelling.Closest(name, Names(), max(2, len(name)/3)); s != "" {
		return s
	}
	if len(name) >= 4 {
		lower := strings.ToLower(name)
		for _, k := range Names() {
			if strings.Contains(strings.ToLower(k), lower) {
				return k
			}
		}
	}
	return ""
}
