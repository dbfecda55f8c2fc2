package matcher

import (
	"slices"
	"strings"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
)

// compileQwen compiles p as Qwen Code 0.24.4 reads a matcher
// (Qwen; its hook-matcher.ts): a tool matcher is compared
// exactly with the tool's name and its aliases (tools) before it is
// tested as a regular expression. A regular expression that does not
// compile leaves only the exact comparison, and the error is returned.
func compileQwen(raw, p string, ev event.Event, tools agent.Tools) (Matcher, error) {
	if p == ".*" {
		return allMatcher(raw), nil
	}
	m := qwenMatcher{raw: raw, exact: []string{p}}
	if ev.MatchField == ToolField {
		m.tools = tools
	}
	expr := p
	if strings.Contains(p, "|") && !strings.HasPrefix(p, "^") && !strings.HasPrefix(p, "(") {
		var alts []string
		for _, a := range splitAlternatives(p) {
			if a = strings.TrimSpace(a); a != "" {
				alts = append(alts, a)
			}
		}
		if slices.Contains(alts, "*") || slices.Contains(alts, ".*") {
			return allMatcher(raw), nil
		}
		m.exact = append(m.exact, alts...)
		if len(alts) == 0 {
			return m, nil
		}
		expr = strings.Join(alts, "|")
	}
	re, err := compileJS(expr)
	if err != nil {
		return m, &PatternError{Pattern: raw, Err: err}
	}
	m.re = &jsMatcher{raw: raw, re: re}
	return m, nil
}

// splitAlternatives splits p at each | outside a character class, a group
// and an escape, as Qwen Code does.
func splitAlternatives(p string) []string {
	var out []string
	var cur strings.Builder
	escaped, inClass, depth := false, false, 0
	for _, c := range p {
		switch {
		case escaped:
			escaped = false
		case c == '\\':
			escaped = true
		case inClass:
			inClass = c != ']'
		case c == '[':
			inClass = true
		case c == '(':
			depth++
		case c == ')':
			depth = max(0, depth-1)
		case c == '|' && depth == 0:
			out = append(out, cur.String())
			cur.Reset()
			continue
		}
		cur.WriteRune(c)
	}
	return append(out, cur.String())
}

// qwenMatcher is a matcher in the qwen dialect: exact names (compared
// with the value and, for a tool, its aliases), then a regular expression
// (nil when it did not compile).
type qwenMatcher struct {
	raw   string
	exact []string
	tools agent.Tools
	re    *jsMatcher
}

func (m qwenMatcher) Match(v string) bool {
	targets := append([]string{v}, m.tools.AliasesOf(v)...)
	for _, e := range m.exact {
		if slices.Contains(targets, e) {
			return true
		}
	}
	return m.re != nil && m.re.Match(v)
}
func (m qwenMatcher) MatchesAll() bool { return false }
func (m qwenMatcher) Kind() string {
	if m.re == nil {
		return KindExactList
	}
	return KindRegex
}
func (m qwenMatcher) String() string { return m.raw }
