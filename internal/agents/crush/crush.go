package crush

import (
	"time"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/agents/claude"
	"github.com/hookexec/hookexec/internal/matcher"
	"github.com/hookexec/hookexec/internal/reading"
)

// Name is Crush's name on the command line, its dialect's and its
// format's.
const Name = "crush"

// Agent describes Charm Crush.
func Agent() agent.Agent {
	return agent.Agent{
		Name:  Name,
		Title: "Crush",
		// The workspace's .crush/crush.json is read last and wins.
		Dir:          ".crush",
		SettingsFile: "crush.json",
		// The files its documentation leads with: crush.json in the
		// project, and the user's, $XDG_CONFIG_HOME/crush/crush.json.
		ProjectFile: "crush.json",
		UserFile:    ".config/crush/crush.json",
		HomeVar:     "XDG_CONFIG_HOME",
		ConfigDirs:  nil,
		Layout:      agent.LayoutFlat,
		Flat:        agent.Flat{Version: 0, Command: "command", WindowsCommand: "", Timeout: "timeout", Matcher: "matcher", Type: false},
		// encoding/json's Valid: a comment makes the file invalid.
		SettingsComments: false,
		PluginManifest:   "",
		PluginRootVar:    "",
		Events:           claude.EventsOf([]string{"PreToolUse"}),
		DefaultEvents:    []string{"PreToolUse"},
		// Event names are case-insensitive and may be snake_case.
		Aliases:        []agent.Alias{{Key: "pre_tool_use", Event: "BeforeTool"}},
		Tools:          Tools(),
		MCPPrefix:      "mcp_", // mcp_SERVER_TOOL
		Payload:        nil,    // tool_name and tool_input, as Claude Code's
		TimeoutUnit:    time.Second,
		DefaultTimeout: 30 * time.Second,
		// Crush's own POSIX shell; sh is the closest program.
		Shells:      []string{"sh"},
		ShellValues: nil,
		// A Go regular expression, unanchored.
		Matchers:          matcher.JSRegexOrExact{},
		IfFilter:          false,
		OnFailure:         false,
		FailPolicyIgnored: nil,
		RunsInProjectDir:  false,
		ProjectVar:        "CRUSH_PROJECT_DIR",
		Markers:           []string{"CRUSH", "CRUSH_EVENT"},
		SessionVar:        "CRUSH_SESSION_ID",
		CwdVar:            "CRUSH_CWD",
		PastedVars:        nil,
		PasteQuote:        nil,
		// Exit 2 blocks with stderr, other statuses fail the hook.
		Reads:    reading.Spec{},
		Format:   Name,
		Answer:   answer(),
		HookName: "",
		AlsoRuns: nil,
	}
}

// Tools are Crush's built-in tools by family.
func Tools() agent.Tools {
	return agent.Tools{
		{Name: "bash", Family: agent.FamilyShell},
		{Name: "job_output", Family: agent.FamilyOther},
		{Name: "job_kill", Family: agent.FamilyOther},
		{Name: "view", Family: agent.FamilyRead},
		{Name: "ls", Family: agent.FamilySearch},
		{Name: "glob", Family: agent.FamilySearch},
		{Name: "grep", Family: agent.FamilySearch},
		{Name: "sourcegraph", Family: agent.FamilySearch},
		{Name: "edit", Family: agent.FamilyEdit},
		{Name: "multiedit", Family: agent.FamilyEdit},
		{Name: "lsp_rename", Family: agent.FamilyEdit},
		{Name: "lsp_replace_symbol", Family: agent.FamilyEdit},
		{Name: "write", Family: agent.FamilyWrite},
		{Name: "download", Family: agent.FamilyWeb},
		{Name: "fetch", Family: agent.FamilyWeb},
		{Name: "web_fetch", Family: agent.FamilyWeb},
		{Name: "web_search", Family: agent.FamilyWeb},
		{Name: "agentic_fetch", Family: agent.FamilyWeb},
		{Name: "agent", Family: agent.FamilyAgent},
		{Name: "todos", Family: agent.FamilyOther},
		{Name: "question", Family: agent.FamilyOther},
	}
}
