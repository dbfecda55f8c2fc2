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

// Enable is the kind of step an agent needs, besides hookexec's entries in
// its settings, before it runs them. Each kind's install, uninstall and
// doctor steps live in internal/setup, one file per kind (enable_*.go).
type Enable int

const (
	// EnableNone: the agent runs the entries as they are.
	EnableNone Enable = iota
	// EnableGeminiHooksConfig: "hooksConfig": {"enabled": true} in the
	// same settings file (Gemini CLI).
	EnableGeminiHooksConfig
	// EnableCodexTrust: the project marked trusted and each hook trusted
	// by its hash in the user's Codex config.toml (Codex CLI).
	EnableCodexTrust
	// EnableCopilotFolderTrust: the project folder trusted in the user's
	// Copilot config, without which a repository's hooks do not load in
	// copilot -p (Copilot CLI).
	EnableCopilotFolderTrust
)

// String names the kind, for messages and tests.
func (e Enable) String() string {
	switch e {
	case EnableNone:
		return "none"
	case EnableGeminiHooksConfig:
		return "gemini-hooksconfig"
	case EnableCodexTrust:
		return "codex-trust"
	case EnableCopilotFolderTrust:
		return "copilot-folder-trust"
	}
	return "unknown"
}
