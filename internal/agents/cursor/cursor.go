package cursor

import (
	"time"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/agents/claude"
	"github.com/hookexec/hookexec/internal/matcher"
)

// Name is Cursor's name on the command line, its dialect's and its
// format's.
const Name = "cursor"

// Agent describes Cursor's agent hooks (documentation only; see the
// package comment for the sources).
func Agent() agent.Agent {
	return agent.Agent{
		Name:  Name,
		Title: "Cursor",
		// Project hooks: .cursor/hooks.json; user hooks: ~/.cursor/hooks.json
		// (enterprise: /etc/cursor/hooks.json, which install leaves alone).
		Dir:          ".cursor",
		SettingsFile: "hooks.json",
		ProjectFile:  "",
		UserFile:     "",
		// Cursor reads ~/.cursor wherever HOME points; no variable moves it.
		HomeVar:    "",
		ConfigDirs: nil,
		// {"version": 1, "hooks": {EVENT: [{"command", "type"?, "timeout",
		// "matcher"?, "failClosed"?, "loop_limit"?}]}}.
		Layout: agent.LayoutFlat,
		// Every entry install writes has "failClosed": true: Cursor blocks
		// the action when the hook fails, times out or answers nothing
		// (it fails open otherwise), and the cursor format always answers.
		Flat: agent.Flat{Version: 1, Command: "command", Timeout: "timeout", Matcher: "matcher", Type: false,
			Extra: []agent.FlatKey{{Key: "failClosed", Value: true}}, Top: nil},
		// Cursor's hooks.json is plain JSON.
		SettingsComments: false,
		// Cursor plugins carry hooks too (${CURSOR_PLUGIN_ROOT}), but their
		// layout is not documented: hookexec reads none.
		PluginManifest: "",
		PluginRootVar:  "",
		Events:         agent.ByName(events),
		// The permission events and the context events of the agents'
		// recipe (docs/agents/); the per-tool events (beforeShellExecution, ...) fire for
		// the same tool calls as preToolUse, so installing both would run
		// every policy twice.
		DefaultEvents: []string{"preToolUse", "postToolUse", "beforeSubmitPrompt", "stop", "sessionStart"},
		Aliases:       aliases(),
		Tools:         Tools(),
		// An MCP tool is "MCP:<tool>" in preToolUse's tool_name.
		MCPPrefix: "MCP:",
		Payload:   payload,
		// "timeout" is in seconds; the documentation gives no default (its
		// example says 60, which hookexec takes).
		TimeoutUnit:       time.Second,
		TimeoutMillisFrom: 0,
		DefaultTimeout:    60 * time.Second,
		// Not documented; a POSIX shell as for Claude Code.
		Shells:      []string{"sh"},
		ShellValues: nil,
		// The matcher is a pattern tested against the tool type (Shell,
		// Read, ...) or, on beforeShellExecution, the command text; read as
		// a JavaScript regular expression, as Claude Code's.
		Matchers:            matcher.JSRegex{},
		MatchesWithoutValue: false,
		IfFilter:            false,
		// Cursor's fail switch is "failClosed" (Flat.Extra), not Claude
		// Code's "onFailure".
		OnFailure:         false,
		FailPolicyIgnored: nil,
		// Project hooks run from the project root.
		RunsInProjectDir: true,
		ProjectVar:       "CURSOR_PROJECT_DIR",
		// Cursor also sets CLAUDE_PROJECT_DIR (an alias, "for Claude
		// compatibility"), which Claude Code's entry already lists.
		Markers:    []string{"CURSOR_VERSION"},
		SessionVar: "",
		CwdVar:     "",
		PastedVars: nil,
		PasteQuote: nil,
		// Cursor's own hooks: exit 0 with its JSON answer, exit 2 blocks,
		// another status fails open (SPEC §4.6, with Cursor's answer fields
		// read by the aggregator).
		Reads:    Reads{},
		Format:   Name,
		Answer:   answer(),
		HookName: "",
		// Cursor loads Claude Code's .claude/settings{,.local}.json and
		// ~/.claude/settings.json when "Third-party skills" is on.
		AlsoRuns: []string{claude.Name},
	}
}

// events maps the canonical events to Cursor's names for them.
func events(name string) (string, bool) {
	switch name {
	case "BeforeTool":
		return "preToolUse", true
	case "AfterTool":
		return "postToolUse", true
	case "PostToolUseFailure":
		return "postToolUseFailure", true
	case "BeforeAgent":
		return "beforeSubmitPrompt", true
	case "AfterAgent":
		return "stop", true
	case "SessionStart":
		return "sessionStart", true
	case "SessionEnd":
		return "sessionEnd", true
	case "PreCompress":
		return "preCompact", true
	case "SubagentStart":
		return "subagentStart", true
	case "SubagentStop":
		return "subagentStop", true
	}
	return "", false
}

// aliases are Cursor's per-tool events: each fires for one family of
// tools, beside the generic preToolUse and postToolUse.
func aliases() []agent.Alias {
	return []agent.Alias{
		{Key: "beforeShellExecution", Event: "BeforeTool", Family: agent.FamilyShell},
		{Key: "afterShellExecution", Event: "AfterTool", Family: agent.FamilyShell},
		{Key: "beforeMCPExecution", Event: "BeforeTool", Family: agent.FamilyMCP},
		{Key: "afterMCPExecution", Event: "AfterTool", Family: agent.FamilyMCP},
		{Key: "beforeReadFile", Event: "BeforeTool", Family: agent.FamilyRead},
		{Key: "afterFileEdit", Event: "AfterTool", Family: agent.FamilyEdit},
	}
}

// Tools are the tool types Cursor's documentation names in tool_name and
// matchers (TabRead and TabWrite are the Tab completions' reads and
// writes).
func Tools() agent.Tools {
	return agent.Tools{
		{Name: "Shell", Family: agent.FamilyShell},
		{Name: "Read", Family: agent.FamilyRead},
		{Name: "Write", Family: agent.FamilyWrite},
		{Name: "Grep", Family: agent.FamilySearch},
		{Name: "Task", Family: agent.FamilyAgent},
		{Name: "TabRead", Family: agent.FamilyRead},
		{Name: "TabWrite", Family: agent.FamilyWrite},
	}
}
