package gemini

import (
	"time"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/matcher"
)

// Name is Gemini CLI's name on the command line, its dialect's and its
// format's.
const Name = "gemini"

// Agent describes Gemini CLI (0.61).
func Agent() agent.Agent {
	return agent.Agent{
		Name:         Name,
		Title:        "Gemini CLI",
		Dir:          ".gemini",
		SettingsFile: "settings.json",
		// Gemini CLI strips comments with strip-json-comments before
		// JSON.parse (which leaves trailing commas, so a trailing comma
		// still breaks the file).
		SettingsComments:    true,
		PluginManifest:      "",
		PluginRootVar:       "",
		Events:              EventKey,
		DefaultEvents:       []string{"BeforeTool", "AfterTool", "BeforeAgent", "AfterAgent", "BeforeModel", "BeforeToolSelection", "SessionStart"},
		Tools:               Tools(),
		TimeoutUnit:         time.Millisecond,
		DefaultTimeout:      60 * time.Second,
		Shells:              []string{"bash", "sh"},
		ShellValues:         nil,
		Matchers:            matcher.JSRegexOrExact{},
		MatchesWithoutValue: true,
		IfFilter:            false,
		OnFailure:           false,
		FailPolicyIgnored:   nil,
		RunsInProjectDir:    false,
		ProjectVar:          "GEMINI_PROJECT_DIR",
		Markers:             []string{"GEMINI_CLI"},
		SessionVar:          "GEMINI_SESSION_ID",
		CwdVar:              "GEMINI_CWD",
		// The variables Gemini CLI replaces in a hook's command text
		// before the shell sees it (hookRunner.expandCommand in 0.61),
		// each by its value quoted as one shell word. It matches only the
		// unbraced form, $NAME.
		PastedVars:  []string{"GEMINI_PROJECT_DIR", "GEMINI_CWD", "GEMINI_PLANS_DIR", "GEMINI_SESSION_ID", "CLAUDE_PROJECT_DIR"},
		PasteQuote:  ShellQuote,
		Reads:       Reads{},
		Format:      Name,
		Answer:      answer(),
		HookName:    "hookexec",
		Enable:      HooksConfig{},
		Layout:      agent.LayoutNested,
		Flat:        agent.Flat{},
		ProjectFile: "",
		UserFile:    "",
		ConfigDirs:  nil,
		Aliases:     nil,
		// Gemini CLI names an MCP tool SERVER__TOOL, with no fixed prefix.
		MCPPrefix: "",
		Payload:   nil, // Claude-shaped (tool_name, tool_input)
		AlsoRuns:  nil,
	}
}

// Tools names Gemini CLI's built-in tools by family (also LLxprt Code's,
// a fork that keeps them).
func Tools() agent.Tools {
	return agent.Tools{
		{Name: "run_shell_command", Family: agent.FamilyShell},
		{Name: "read_file", Family: agent.FamilyRead},
		{Name: "write_file", Family: agent.FamilyWrite},
		{Name: "replace", Family: agent.FamilyEdit},
		{Name: "read_many_files", Family: agent.FamilyRead},
		{Name: "list_directory", Family: agent.FamilySearch},
		{Name: "glob", Family: agent.FamilySearch},
		{Name: "search_file_content", Family: agent.FamilySearch},
		{Name: "web_fetch", Family: agent.FamilyWeb},
		{Name: "google_web_search", Family: agent.FamilyWeb},
		{Name: "save_memory", Family: agent.FamilyOther},
		{Name: "write_todos", Family: agent.FamilyOther},
	}
}

// EventKey is Gemini CLI's name for ev: the canonical name, for every
// event but those only Claude Code has (LLxprt Code and Tabnine CLI name
// them the same).
func EventKey(ev event.Event) (string, bool) { return ev.Name, !ev.ClaudeOnly }
