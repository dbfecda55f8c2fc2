package agent

// MatcherRules is how an agent reads a definition's matcher. The zero
// value is unset: every agent says which it is.
type MatcherRules int

const (
	// MatchJSRegex: a JavaScript regular expression (an exact name or a
	// |-list of names is compared as such); one that does not compile
	// never matches, and the definition is reported as skipped (Claude
	// Code).
	MatchJSRegex MatcherRules = iota + 1
	// MatchJSRegexOrExact: a JavaScript regular expression against tool
	// names, exact equality against any other match field; one that does
	// not compile is compared for exact equality (Gemini CLI).
	MatchJSRegexOrExact
	// MatchExactOrRegex: Codex CLI's rule: a matcher of only ASCII
	// letters, digits, '_' and '|' is a |-list of exact names, anything
	// else a regular expression (Rust's regex crate, which RE2 reads
	// alike); one that does not compile makes its definition invalid. A
	// tool is also matched by its Aliases (agent.Tool).
	MatchExactOrRegex
	// MatchQwen: Qwen Code's (0.24.4): "", "*" and ".*" match everything;
	// the matcher, or each alternative of a |-list that does not start
	// with ^ or (, is first compared exactly with the tool's name and its
	// aliases (Tool.Aliases); else the whole is an unanchored JavaScript
	// regular expression tested against the name. One that does not
	// compile only matches exactly (logged only).
	MatchQwen
	// MatchJSAnchored: a JavaScript regular expression that must match the
	// whole value (^(?:matcher)$), so "bash" is an exact name and "ba.*" a
	// pattern; one that does not compile never matches (Copilot CLI, a
	// real run).
	MatchJSAnchored
)
