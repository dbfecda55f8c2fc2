package copilot

import (
	"time"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/agents/claude"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/matcher"
)

// Name is GitHub Copilot CLI's name on the command line, its dialect's and
// its format's.
const Name = "copilot"

// HomeVar is the variable that moves Copilot CLI's user directory
// (~/.copilot): its hooks/, config.json and settings.json.
const HomeVar = "COPILOT_HOME"

// Agent describes GitHub Copilot CLI (1.0.102).
func Agent() agent.Agent {
	return agent.Agent{
		Name:  Name,
		Title: "GitHub Copilot CLI",
		// ~/.copilot holds settings.json (whose "hooks" Copilot reads too)
		// and hooks/; a repository's hooks are in .github/hooks.
		Dir:          ".copilot",
		SettingsFile: "settings.json",
		// install writes a file of hookexec's own beside the user's, as
		// Copilot reads every *.json in both directories.
		ProjectFile: ".github/hooks/hookexec.json",
		UserFile:    ".copilot/hooks/hookexec.json",
		HomeVar:     HomeVar,
		ConfigDirs:  []string{".github/hooks", ".copilot/hooks"},
		Layout:      agent.LayoutFlat,
		Flat:        agent.Flat{Version: 1, Command: "bash", WindowsCommand: "powershell", Timeout: "timeoutSec", Matcher: "matcher", Type: true},
		// A comment makes a hook file invalid to Copilot (a real run:
		// "Invalid JSON: expected value at line 1 column 1").
		SettingsComments: false,
		PluginManifest:   "",
		PluginRootVar:    "",
		Events:           agent.ByName(camel),
		DefaultEvents:    []string{"preToolUse", "permissionRequest", "postToolUse", "userPromptSubmitted", "agentStop", "subagentStop", "sessionStart", "preCompact"},
		Aliases:          pascalAliases(),
		Tools:            Tools(),
		// Copilot names an MCP server's tool SERVER-TOOL, with no prefix
		// of its own (documentation only).
		MCPPrefix:      "",
		Payload:        Payload,
		TimeoutUnit:    time.Second,
		DefaultTimeout: 30 * time.Second,
		// The "bash" command runs with bash (a real run); "powershell" is
		// the Windows one (Flat.WindowsCommand).
		Shells:              []string{"bash", "sh"},
		ShellValues:         nil,
		Matchers:            matcher.JSAnchored{},
		MatchesWithoutValue: false,
		IfFilter:            false,
		OnFailure:           false,
		FailPolicyIgnored:   nil,
		// Hooks run in the project directory (cwd of copilot), a real run.
		RunsInProjectDir: true,
		ProjectVar:       "COPILOT_PROJECT_DIR",
		// Copilot sets these for its hooks besides CLAUDE_PROJECT_DIR (a
		// real run).
		Markers:    []string{"COPILOT_CLI", "COPILOT_HOOK_DIR"},
		SessionVar: "",
		CwdVar:     "",
		PastedVars: nil,
		PasteQuote: nil,
		Reads:      Reads{},
		Format:     Name,
		Answer:     answer(),
		HookName:   "",
		Enable:     FolderTrust{},
		// Copilot CLI runs a trusted repository's .claude/settings.json
		// hooks as well as its own (a real run; not ~/.claude's).
		AlsoRuns: []string{claude.Name},
		// Copilot CLI 1.0.102 refuses an http:// URL for its tool guards
		// and for any http hook that sends a variable (from its code).
		HTTP: agent.HTTPHooks{Refused: "Copilot CLI refuses a plain http:// hook on preToolUse and permissionRequest, and any http hook that sends a variable such as the token, unless COPILOT_HOOK_ALLOW_LOCALHOST=1 is in the environment of every shell that starts it (1.0.102), which install cannot set; hookexec serve speaks plain http on loopback, so the guards would be dropped"},
	}
}

// camel is Copilot's own (camelCase) name of each catalogue event it
// fires (its hooks reference, and a real run for those marked so).
func camel(name string) (string, bool) {
	switch name {
	case "BeforeTool":
		return "preToolUse", true // real run
	case "AfterTool":
		return "postToolUse", true // real run
	case "PostToolUseFailure":
		return "postToolUseFailure", true // documentation
	case "BeforeAgent":
		return "userPromptSubmitted", true // real run
	case "SessionStart":
		return "sessionStart", true // real run
	case "SessionEnd":
		return "sessionEnd", true // real run
	case "AfterAgent":
		return "agentStop", true // real run
	case "SubagentStart":
		return "subagentStart", true // documentation
	case "SubagentStop":
		return "subagentStop", true // documentation
	case "PreCompress":
		return "preCompact", true // documentation
	case "PermissionRequest":
		return "permissionRequest", true // real run
	case "Notification":
		return "notification", true // documentation
	// errorOccurred ("an error occurs during execution") is closest to
	// Claude Code's StopFailure; it cannot block in either.
	case "StopFailure":
		return "errorOccurred", true // documentation
	}
	return "", false
}

// pascal are the Claude Code names Copilot also reads, for the catalogue
// events it fires (a real run: under them it sends Claude-shaped
// payloads, and reads the Claude-shaped answer besides its own).
var pascal = []string{"PreToolUse", "PostToolUse", "PostToolUseFailure", "UserPromptSubmit", "SessionStart",
	"SessionEnd", "Stop", "SubagentStart", "SubagentStop", "PreCompact", "PermissionRequest", "Notification"}

// pascalAliases are pascal as aliases of the catalogue events.
func pascalAliases() []agent.Alias {
	out := make([]agent.Alias, 0, len(pascal))
	for _, key := range pascal {
		if ev, ok := event.ByKey(key); ok {
			out = append(out, agent.Alias{Key: key, Event: ev.Name})
		}
	}
	return out
}

// Tools are Copilot CLI's built-in tools (1.0.102) by family: the
// lower-case names of its camelCase events (the tools a real run offers
// the model), then the names its PascalCase events give the same tools
// (a real run: bash is Bash, view Read, create Write, edit Edit, grep
// Grep, glob Glob; a matcher under those events selects either name, so
// each has its camelCase name as an alias), then VS Code's agent's, which
// reads the same hook files.
func Tools() agent.Tools {
	return agent.Tools{
		{Name: "bash", Family: agent.FamilyShell},
		// Windows' shell tool (documentation only).
		{Name: "powershell", Family: agent.FamilyShell},
		{Name: "view", Family: agent.FamilyRead},
		{Name: "create", Family: agent.FamilyWrite},
		{Name: "edit", Family: agent.FamilyEdit},
		{Name: "grep", Family: agent.FamilySearch},
		{Name: "glob", Family: agent.FamilySearch},
		// web_fetch is not offered offline (documentation only).
		{Name: "web_fetch", Family: agent.FamilyWeb},
		{Name: "task", Family: agent.FamilyAgent},
		{Name: "read_agent", Family: agent.FamilyAgent},
		{Name: "list_agents", Family: agent.FamilyAgent},
		{Name: "write_agent", Family: agent.FamilyAgent},
		// The shell sessions' tools read, list and stop what bash started.
		{Name: "read_bash", Family: agent.FamilyOther},
		{Name: "stop_bash", Family: agent.FamilyOther},
		{Name: "list_bash", Family: agent.FamilyOther},
		{Name: "skill", Family: agent.FamilyOther},
		{Name: "sql", Family: agent.FamilyOther},
		{Name: "session_store_sql", Family: agent.FamilyOther},
		{Name: "fetch_copilot_cli_documentation", Family: agent.FamilyOther},
		{Name: "Bash", Family: agent.FamilyShell, Aliases: []string{"bash"}},
		{Name: "Read", Family: agent.FamilyRead, Aliases: []string{"view"}},
		{Name: "Write", Family: agent.FamilyWrite, Aliases: []string{"create"}},
		{Name: "Edit", Family: agent.FamilyEdit, Aliases: []string{"edit"}},
		{Name: "Grep", Family: agent.FamilySearch, Aliases: []string{"grep"}},
		{Name: "Glob", Family: agent.FamilySearch, Aliases: []string{"glob"}},
		// VS Code's agent, which runs the same hook files and sends its
		// own tool names (its documentation and the toolNames enum of
		// microsoft/vscode-copilot-chat only).
		{Name: "run_in_terminal", Family: agent.FamilyShell},
		{Name: "read_file", Family: agent.FamilyRead},
		{Name: "create_file", Family: agent.FamilyWrite},
		{Name: "replace_string_in_file", Family: agent.FamilyEdit},
		{Name: "multi_replace_string_in_file", Family: agent.FamilyEdit},
		{Name: "insert_edit_into_file", Family: agent.FamilyEdit},
		{Name: "apply_patch", Family: agent.FamilyEdit},
		{Name: "file_search", Family: agent.FamilySearch},
		{Name: "grep_search", Family: agent.FamilySearch},
		{Name: "list_dir", Family: agent.FamilySearch},
		{Name: "semantic_search", Family: agent.FamilySearch},
		{Name: "fetch_webpage", Family: agent.FamilyWeb},
		{Name: "runSubagent", Family: agent.FamilyAgent},
		{Name: "manage_todo_list", Family: agent.FamilyOther},
		{Name: "get_terminal_output", Family: agent.FamilyOther},
	}
}
