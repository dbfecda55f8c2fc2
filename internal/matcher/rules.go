package matcher

import (
	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
)

// The ways of reading a matcher the agents share; an agent names one as
// its agent.Agent.Matchers (an agent with rules of its own implements
// agent.MatcherRules in its folder).
var (
	_ agent.MatcherRules = JSRegex{}
	_ agent.MatcherRules = JSRegexOrExact{}
	_ agent.MatcherRules = ExactOrRegex{}
	_ agent.MatcherRules = Qwen{}
	_ agent.MatcherRules = JSAnchored{}
)

// JSRegex: a JavaScript regular expression (an exact name or a |-list of
// names is compared as such); one that does not compile never matches,
// and the definition is reported as skipped (Claude Code).
type JSRegex struct{}

func (JSRegex) Compile(raw, p string, _ event.Event, _ agent.Tools) (Matcher, error) {
	return compileClaude(raw, p)
}

// JSRegexOrExact: a JavaScript regular expression against tool names,
// exact equality against any other match field; one that does not compile
// is compared for exact equality (Gemini CLI).
type JSRegexOrExact struct{}

func (JSRegexOrExact) Compile(raw, p string, ev event.Event, _ agent.Tools) (Matcher, error) {
	if ev.MatchField != "" && ev.MatchField != ToolField {
		return exactMatcher{raw: raw, want: p}, nil
	}
	re, err := compileJS(p)
	if err != nil {
		return exactMatcher{raw: raw, want: p}, &PatternError{Pattern: raw, Err: err}
	}
	return jsMatcher{raw: raw, re: re}, nil
}

// ExactOrRegex: Codex CLI's rule: a matcher of only ASCII letters, digits,
// '_' and '|' is a |-list of exact names, anything else a regular
// expression (Rust's regex crate, which RE2 reads alike); one that does
// not compile makes its definition invalid. A tool is also matched by its
// aliases (agent.Tool.Aliases).
type ExactOrRegex struct{}

func (ExactOrRegex) Compile(raw, p string, ev event.Event, tools agent.Tools) (Matcher, error) {
	m, err := compileCodex(raw, p)
	if err != nil || ev.MatchField != ToolField {
		return m, err
	}
	return aliasMatcher{Matcher: m, tools: tools}, nil
}

// Qwen: Qwen Code's (0.24.4): "", "*" and ".*" match everything; the
// matcher, or each alternative of a |-list that does not start with ^ or
// (, is first compared exactly with the tool's name and its aliases
// (agent.Tool.Aliases); else the whole is an unanchored JavaScript
// regular expression tested against the name. One that does not compile
// only matches exactly (logged only).
type Qwen struct{}

func (Qwen) Compile(raw, p string, ev event.Event, tools agent.Tools) (Matcher, error) {
	return compileQwen(raw, p, ev, tools)
}

// JSAnchored: a JavaScript regular expression that must match the whole
// value (^(?:matcher)$), so "bash" is an exact name and "ba.*" a pattern;
// one that does not compile never matches (Copilot CLI, a real run).
type JSAnchored struct{}

func (JSAnchored) Compile(raw, p string, ev event.Event, tools agent.Tools) (Matcher, error) {
	return compileAnchored(raw, p, ev, tools)
}

// ToolField is the input field tool events match on.
const ToolField = "tool_name"

// All is the matcher of an absent, "" or "*" pattern, as written (raw).
func All(raw string) Matcher { return allMatcher(raw) }
