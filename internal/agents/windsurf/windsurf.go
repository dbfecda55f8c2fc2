package windsurf

import (
	"time"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/matcher"
	"github.com/hookexec/hookexec/internal/reading"
)

// Name is Windsurf's name on the command line, its dialect's and its
// format's.
const Name = "windsurf"

// Agent describes Windsurf's Cascade hooks (documentation only).
func Agent() agent.Agent {
	return agent.Agent{
		Name:  Name,
		Title: "Windsurf",
		// Workspace hooks: .windsurf/hooks.json; user hooks:
		// ~/.codeium/windsurf/hooks.json (system: /etc/windsurf/hooks.json,
		// which install leaves alone).
		Dir:          ".windsurf",
		SettingsFile: "hooks.json",
		ProjectFile:  "",
		UserFile:     ".codeium/windsurf/hooks.json",
		// No variable moves ~/.codeium/windsurf.
		HomeVar:    "",
		ConfigDirs: []string{".codeium/windsurf"},
		// {"hooks": {EVENT: [{"command", "show_output"?,
		// "working_directory"?}]}}: no version, no matcher (the event names
		// the kind of action), no timeout.
		Layout: agent.LayoutFlat,
		// "show_output": true on hookexec's entries, so that the user sees
		// the warnings hookexec prints.
		Flat: agent.Flat{Version: 0, Command: "command", Timeout: "", Matcher: "", Type: false,
			Extra: []agent.FlatKey{{Key: "show_output", Value: true}}, Top: nil},
		SettingsComments: false,
		PluginManifest:   "",
		PluginRootVar:    "",
		Events:           eventKey,
		// Every event that can block, one per kind of action, and the
		// prompt.
		DefaultEvents: []string{"pre_run_command", "pre_write_code", "pre_read_code", "pre_mcp_tool_use", "pre_user_prompt"},
		Aliases:       aliases(),
		Tools:         Tools(),
		// Windsurf gives an MCP tool's server and name in separate fields;
		// the view's tool is the tool's name.
		MCPPrefix: "",
		Payload:   payload,
		// Windsurf documents no timeout: hookexec gives its hooks its own
		// default.
		TimeoutUnit:       time.Second,
		TimeoutMillisFrom: 0,
		DefaultTimeout:    60 * time.Second,
		Shells:            []string{"bash", "sh"},
		ShellValues:       nil,
		// Entries have no matcher; were one given, it would be read as
		// Claude Code's.
		Matchers:            matcher.JSRegex{},
		MatchesWithoutValue: false,
		IfFilter:            false,
		// Windsurf has no fail-closed switch: any status but 0 and 2 lets
		// the action proceed.
		OnFailure:         false,
		FailPolicyIgnored: nil,
		// "working_directory" defaults to the workspace root.
		RunsInProjectDir: true,
		// Windsurf documents no variables for its hooks.
		ProjectVar: "",
		Markers:    nil,
		SessionVar: "",
		CwdVar:     "",
		PastedVars: nil,
		PasteQuote: nil,
		Reads:      reading.ExitCode{},
		Format:     Name,
		Answer:     answer(),
		HookName:   "",
		AlsoRuns:   nil,
	}
}

// eventKey is Windsurf's name for the events it fires for every action of
// a kind: the prompt and Cascade's response. Its tool events are aliases,
// one per family of tools.
func eventKey(ev event.Event) (string, bool) {
	switch ev.Name {
	case "BeforeAgent":
		return "pre_user_prompt", true
	case "AfterAgent":
		return "post_cascade_response", true
	}
	return "", false
}

// aliases are Windsurf's tool events: each fires for one kind of action.
func aliases() []agent.Alias {
	return []agent.Alias{
		{Key: "pre_run_command", Event: "BeforeTool", Family: agent.FamilyShell},
		{Key: "post_run_command", Event: "AfterTool", Family: agent.FamilyShell},
		{Key: "pre_read_code", Event: "BeforeTool", Family: agent.FamilyRead},
		{Key: "post_read_code", Event: "AfterTool", Family: agent.FamilyRead},
		// Cascade writes code only as edits (a new file is an edit of
		// nothing).
		{Key: "pre_write_code", Event: "BeforeTool", Family: agent.FamilyEdit},
		{Key: "post_write_code", Event: "AfterTool", Family: agent.FamilyEdit},
		{Key: "pre_mcp_tool_use", Event: "BeforeTool", Family: agent.FamilyMCP},
		{Key: "post_mcp_tool_use", Event: "AfterTool", Family: agent.FamilyMCP},
	}
}

// Tools names Cascade's kinds of action as the view gives them: Windsurf
// sends no tool name, so the view names the action after the event.
func Tools() agent.Tools {
	return agent.Tools{
		{Name: "run_command", Family: agent.FamilyShell},
		{Name: "read_code", Family: agent.FamilyRead},
		{Name: "write_code", Family: agent.FamilyEdit},
	}
}
