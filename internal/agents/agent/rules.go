package agent

import "github.com/hookexec/hookexec/internal/event"

// Matcher is a compiled matcher (SPEC §3.1).
type Matcher interface {
	// Match reports whether the matcher accepts the event's match value.
	Match(value string) bool
	// MatchesAll is true for an absent, "" or "*" matcher; only such
	// matchers match an input that lacks the match field.
	MatchesAll() bool
	// Kind says how the pattern was read: "all", "glob", "regex", "exact",
	// "exact-list", "invalid-regex" ...
	Kind() string
	// String returns the matcher as written in the file.
	String() string
}

// MatcherRules is how an agent reads a definition's matcher; every agent
// says which rules it follows (the shared ones are in internal/matcher).
type MatcherRules interface {
	// Compile reads pattern (raw as written, p with surrounding space
	// removed, neither "" nor "*") for event ev, whose tools are tools. A
	// non-nil error means the pattern did not compile; the Matcher
	// returned with it is the agent's fallback (a never-matching one, exact
	// equality), or nil when the definition is then invalid.
	Compile(raw, p string, ev event.Event, tools Tools) (Matcher, error)
}
