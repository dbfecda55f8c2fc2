package matcher

import (
	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
)

// compileAnchored reads a matcher as Copilot CLI 1.0.102 does (a real
// run): a JavaScript regular expression that must match the whole value
// ("bash" matches bash only, "ba.*" matches bash, "bas" does not). A tool
// matcher is also tested against the tool's aliases (agent.Tool.Aliases):
// under its PascalCase events Copilot names its tools as Claude Code does
// (Bash, Read) and its matchers select them by either name (bash or Bash,
// view or Read). One that does not compile never matches.
func compileAnchored(raw, p string, ev event.Event, tools agent.Tools) (Matcher, error) {
	re, err := compileJS("^(?:" + p + ")$")
	if err != nil {
		return invalidMatcher(raw), &PatternError{Pattern: raw, Err: err}
	}
	m := anchoredMatcher{js: jsMatcher{raw: raw, re: re}}
	if ev.MatchField == ToolField {
		m.tools = tools
	}
	return m, nil
}

// anchoredMatcher is a JavaScript regular expression compiled to match the
// whole value (copilot), tested against a tool's aliases too.
type anchoredMatcher struct {
	js    jsMatcher
	tools agent.Tools
}

func (m anchoredMatcher) Match(v string) bool {
	if m.js.Match(v) {
		return true
	}
	for _, alias := range m.tools.AliasesOf(v) {
		if m.js.Match(alias) {
			return true
		}
	}
	return false
}
func (m anchoredMatcher) MatchesAll() bool { return false }
func (m anchoredMatcher) Kind() string     { return KindAnchoredRegex }
func (m anchoredMatcher) String() string   { return m.js.raw }
