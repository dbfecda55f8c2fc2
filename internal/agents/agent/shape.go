package agent

// Layout is the shape of an agent's hook settings. The zero value is
// unset: every agent says which it is.
type Layout int

const (
	// LayoutNested is Claude Code's shape: "hooks": {EVENT: [{"matcher",
	// "hooks": [{"type", "command", "timeout"}]}]} (also Gemini CLI's,
	// Codex's, Qwen's, and hookexec's own).
	LayoutNested Layout = iota + 1
	// LayoutFlat: "hooks": {EVENT: [{"matcher"?, COMMAND, TIMEOUT, ...}]},
	// one entry per hook, under the keys Flat names (Copilot CLI, Cursor,
	// Crush, Windsurf, Kiro CLI).
	LayoutFlat
	// LayoutScripts: one executable file per event, named after the event,
	// in a directory (Cline).
	LayoutScripts
	// LayoutTOML: [[hooks]] tables in a TOML file (Kimi Code).
	LayoutTOML
	// LayoutNamed: named definitions, each an object of events in the
	// nested shape (Antigravity CLI).
	LayoutNamed
)

// Flat names the keys of one entry in LayoutFlat.
type Flat struct {
	// Version is the "version" the file carries (1 for Copilot CLI and
	// Cursor); 0 for none.
	Version int
	// Command is the key of the shell command ("command"; Copilot CLI:
	// "bash").
	Command string
	// WindowsCommand is the key of the command run on Windows
	// ("powershell"); "" when Command serves every OS.
	WindowsCommand string
	// Timeout is the key of the timeout ("timeout", "timeoutSec",
	// "timeout_ms"), in the agent's TimeoutUnit.
	Timeout string
	// Matcher is the key of the entry's matcher; "" when entries have none
	// (the event names the tool).
	Matcher string
	// Type: entries carry "type": "command".
	Type bool
	// Extra are further keys, each with the constant value every entry
	// install writes carries, in order (Cursor's "failClosed": true,
	// Windsurf's "show_output": true); nil for none.
	Extra []FlatKey
	// Top are top-level keys, each with its constant value, that a file
	// of hookexec's own (hookexec.json, where the agent reads a whole
	// directory) carries besides "version" and "hooks", in order (Kiro
	// CLI's agent file: "tools": ["*"]); nil for none.
	Top []FlatKey
}

// FlatKey is one constant key of a flat entry.
type FlatKey struct {
	Key   string
	Value any
}
