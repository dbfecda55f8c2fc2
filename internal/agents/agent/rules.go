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

// Reading is how an agent reads a hook's exit status and output (SPEC
// §4.6 and the departures docs/design-decisions.md lists). The zero value is unset:
// every agent says which it is.
type Reading int

const (
	// ReadSpec: SPEC §4.6 as written: exit 0 reads the JSON answer or
	// plain text, exit 2 blocks with the best reason, any other status is
	// a failed hook whose text is a warning.
	ReadSpec Reading = iota + 1
	// ReadClaude: Claude Code's engine (2.1): exit 2 reads a JSON answer
	// first and gives "[COMMAND]: stderr" as the reason, another non-zero
	// status still reads a JSON answer, plain stdout on a context event is
	// additional context, a fail-closed reason is worded as Claude Code
	// words onFailure's, and a hook that blocked with exit 2 makes fire
	// exit 2 under this agent's format.
	ReadClaude
	// ReadGemini: Gemini CLI's hook runner (0.61): stdout, else stderr, is
	// the answer whatever the status (exit 2 forces nothing), and any
	// status but 0 counts as a failed hook, which fire reports by its exit
	// status under this agent's format.
	ReadGemini
	// ReadCodex: Codex CLI's hook engine (0.169): JSON is read only on
	// exit 0; exit 2 blocks with stderr as the reason, and exit 2 with
	// nothing on stderr is a failed hook (the tool runs); any other status
	// is a failed hook whose output is not read.
	ReadCodex
	// ReadQwen: Qwen Code's hook runner (0.24.4), Claude Code's but for
	// exit 2: only stderr is read then, as a JSON object or as the
	// reason itself (stdout is ignored, and the reason is not labelled
	// with the command).
	ReadQwen
	// ReadCopilot: Copilot CLI's (1.0.102, a real run): exit 0 reads the
	// JSON answer with its top-level fields (permissionDecision and its
	// reason, behavior and message, modifiedArgs, additionalContext) as
	// well as Claude's; on the tool guards (BeforeTool, PermissionRequest)
	// any other status denies, exit 2 with stderr as the reason; on the
	// other events a status but 0 is a failed hook whose stderr is a
	// warning, exit 2 included.
	ReadCopilot
	// ReadCursor: Cursor's hooks (documentation only): exit 0 reads its
	// own JSON answer ({permission, user_message, agent_message,
	// updated_input}, {continue}, {followup_message},
	// {additional_context}) besides hookexec's; exit 2 blocks; any other
	// status is a failed hook (Cursor fails open unless the entry says
	// "failClosed": true).
	ReadCursor
	// ReadExitCode: the agent reads only the exit status (Windsurf, Kiro
	// CLI): exit 2 blocks with stderr as the reason, exit 0 proceeds and
	// its stdout is context on the events that take plain text
	// (event.PlainContext) and nothing elsewhere, any other status is a
	// failed hook that lets the action proceed.
	ReadExitCode
)
