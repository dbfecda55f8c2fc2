package registry

import (
	"strings"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/matcher"
)

// CompileMatcher compiles pattern as dialect d reads it for event ev
// (SPEC §3.1). Leading and trailing space is ignored when reading the
// pattern; String returns it as written.
//
// A non-nil error (a *matcher.PatternError) means the pattern did not
// compile. The returned Matcher is then nil when that makes the definition
// invalid (native, codex), or the fallback of the dialect's agent
// (agent.MatcherRules): a never-matching "invalid-regex" matcher (claude),
// exact equality (gemini, llxprt).
//
// Regular expressions are RE2 in the native dialect ("re:") and JavaScript
// in the agents' dialects, as the agents evaluate them.
func CompileMatcher(d Dialect, ev event.Event, pattern string) (Matcher, error) {
	p := strings.TrimSpace(pattern)
	if p == "" || p == "*" {
		return matcher.All(pattern), nil
	}
	a, ok := d.Agent()
	if !ok || a.Matchers == nil {
		return matcher.Native(pattern, p, ev.MatchField == ToolField, classifyAlone)
	}
	return a.Matchers.Compile(pattern, p, ev, a.Tools)
}

// classifyAlone is the family of a tool named without its agent: the
// first agent of the table with that tool decides.
func classifyAlone(tool string) agent.Family { return agents.Classify("", tool).Family }

// MatchesWithoutValue reports whether d's agent matches an event input
// without the match field (or with it empty) with every matcher, and never
// compares a Notification matcher (agent.Agent.MatchesWithoutValue:
// Gemini CLI's planner); native follows SPEC §1.
func (d Dialect) MatchesWithoutValue() bool {
	a, _ := d.Agent()
	return a.MatchesWithoutValue
}

// badMatcherNeverMatches: the matcher m that came back with a compile error
// never matches, and its definition is reported as skipped (Claude Code,
// Copilot CLI).
func badMatcherNeverMatches(m Matcher) bool { return m != nil && m.Kind() == matcher.KindInvalidRegex }

// badMatcherExact: the matcher m that came back with a compile error is
// compared for exact equality (Gemini CLI, LLxprt Code).
func badMatcherExact(m Matcher) bool { return m != nil && m.Kind() == matcher.KindExact }
