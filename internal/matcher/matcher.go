package matcher

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/dlclark/regexp2"
	"github.com/gobwas/glob"

	"github.com/hookexec/hookexec/internal/agents/agent"
)

// Matcher is a compiled matcher (SPEC §3.1).
type Matcher = agent.Matcher

// Matcher kinds, as Matcher.Kind reports them.
const (
	KindAll          = "all"
	KindGlob         = "glob"
	KindRegex        = "regex"
	KindExact        = "exact"
	KindExactList    = "exact-list"
	KindInvalidRegex = "invalid-regex"
	// KindAnchoredRegex is a regular expression that must match the whole
	// value (Copilot CLI's matchers).
	KindAnchoredRegex = "anchored-regex"
	// KindFamily: native globs with at least one "@FAMILY" alternative.
	KindFamily = "family"
)

// PatternError reports a matcher pattern that does not compile.
type PatternError struct {
	Pattern string
	Err     error
}

func (e *PatternError) Error() string {
	return fmt.Sprintf("matcher %q does not compile: %v", e.Pattern, e.Err)
}

func (e *PatternError) Unwrap() error { return e.Err }

// compileCodex reads a matcher as Codex CLI does (codex-rs/hooks/src/
// events/common.rs): only ASCII letters, digits, '_' and '|' make a list
// of exact names; anything else is a regular expression (Rust's regex
// crate, whose syntax RE2 shares), and one that does not compile makes
// the definition invalid (Codex skips it with a warning).
func compileCodex(raw, p string) (Matcher, error) {
	exact := true
	for i := 0; i < len(p) && exact; i++ {
		c := p[i]
		exact = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '|'
	}
	if exact {
		return exactListMatcher{raw: raw, names: strings.Split(p, "|")}, nil
	}
	re, err := regexp.Compile(p)
	if err != nil {
		return nil, &PatternError{Pattern: raw, Err: err}
	}
	return regexMatcher{raw: raw, re: re}, nil
}

// aliasMatcher also tests the names the agent's tool answers to
// (agent.Tool.Aliases): Codex's Write|Edit matcher selects apply_patch.
type aliasMatcher struct {
	Matcher
	tools agent.Tools
}

func (m aliasMatcher) Match(v string) bool {
	for _, name := range m.tools.MatchNames(v) {
		if m.Matcher.Match(name) {
			return true
		}
	}
	return false
}

// Native compiles a native matcher: "re:" and an RE2 expression,
// else |-separated globs; on a tool event (tools) an alternative "@FAMILY"
// names a family of tools (family.go).
func Native(raw, p string, tools bool, classify func(tool string) agent.Family) (Matcher, error) {
	if rest, ok := strings.CutPrefix(p, "re:"); ok {
		re, err := regexp.Compile(rest)
		if err != nil {
			return nil, &PatternError{Pattern: raw, Err: err}
		}
		return regexMatcher{raw: raw, re: re}, nil
	}
	alts := strings.Split(p, "|")
	m := globMatcher{raw: raw, globs: make([]*glob.Pattern, 0, len(alts))}
	var families []agent.Family
	for _, alt := range alts {
		alt = strings.TrimSpace(alt)
		if name, ok := strings.CutPrefix(alt, "@"); ok && tools {
			f, err := parseFamily(name)
			if err != nil {
				return nil, &PatternError{Pattern: raw, Err: err}
			}
			families = append(families, f)
			continue
		}
		g, err := glob.Compile(alt)
		if err != nil {
			return nil, &PatternError{Pattern: raw, Err: err}
		}
		m.globs = append(m.globs, g)
	}
	if families != nil {
		return familyMatcher{globMatcher: m, families: families, classify: classify}, nil
	}
	return m, nil
}

func compileClaude(raw, p string) (Matcher, error) {
	if isClaudeNameList(p) {
		var names []string
		for _, n := range strings.FieldsFunc(p, func(r rune) bool { return r == '|' || r == ',' }) {
			if n = strings.TrimSpace(n); n != "" {
				names = append(names, n)
			}
		}
		return exactListMatcher{raw: raw, names: names}, nil
	}
	re, err := compileJS(p)
	if err != nil {
		return invalidMatcher(raw), &PatternError{Pattern: raw, Err: err}
	}
	return jsMatcher{raw: raw, re: re}, nil
}

// isClaudeNameList reports whether p consists only of ASCII letters, digits,
// '_', '|', ',', ' ' and '-': Claude Code reads such a matcher as a list of
// exact names.
func isClaudeNameList(p string) bool {
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		case c == '_', c == '|', c == ',', c == ' ', c == '-':
		default:
			return false
		}
	}
	return true
}

type allMatcher string

func (m allMatcher) Match(string) bool { return true }
func (m allMatcher) MatchesAll() bool  { return true }
func (m allMatcher) Kind() string      { return KindAll }
func (m allMatcher) String() string    { return string(m) }

type globMatcher struct {
	raw   string
	globs []*glob.Pattern
}

func (m globMatcher) Match(v string) bool {
	for _, g := range m.globs {
		if g.Match(v) {
			return true
		}
	}
	return false
}
func (m globMatcher) MatchesAll() bool { return false }
func (m globMatcher) Kind() string     { return KindGlob }
func (m globMatcher) String() string   { return m.raw }

type regexMatcher struct {
	raw string
	re  *regexp.Regexp
}

func (m regexMatcher) Match(v string) bool { return m.re.MatchString(v) }
func (m regexMatcher) MatchesAll() bool    { return false }
func (m regexMatcher) Kind() string        { return KindRegex }
func (m regexMatcher) String() string      { return m.raw }

// jsMatcher is a JavaScript regular expression (claude, gemini, llxprt).
// A test that runs out of time (jsMatchTimeout) counts as a match: the
// hooks behind the matcher run, so a slow pattern never turns a guard off.
type jsMatcher struct {
	raw string
	re  *regexp2.Regexp
}

func (m jsMatcher) Match(v string) (matched bool) {
	defer func() {
		// A fault in the engine on a config's pattern: the guard runs.
		if recover() != nil {
			matched = true
		}
	}()
	ok, err := m.re.MatchString(v)
	return ok || err != nil
}
func (m jsMatcher) MatchesAll() bool { return false }
func (m jsMatcher) Kind() string     { return KindRegex }
func (m jsMatcher) String() string   { return m.raw }

type exactMatcher struct {
	raw  string
	want string
}

func (m exactMatcher) Match(v string) bool { return v == m.want }
func (m exactMatcher) MatchesAll() bool    { return false }
func (m exactMatcher) Kind() string        { return KindExact }
func (m exactMatcher) String() string      { return m.raw }

type exactListMatcher struct {
	raw   string
	names []string
}

func (m exactListMatcher) Match(v string) bool {
	for _, n := range m.names {
		if v == n {
			return true
		}
	}
	return false
}
func (m exactListMatcher) MatchesAll() bool { return false }
func (m exactListMatcher) Kind() string     { return KindExactList }
func (m exactListMatcher) String() string   { return m.raw }

type invalidMatcher string

func (m invalidMatcher) Match(string) bool { return false }
func (m invalidMatcher) MatchesAll() bool  { return false }
func (m invalidMatcher) Kind() string      { return KindInvalidRegex }
func (m invalidMatcher) String() string    { return string(m) }
