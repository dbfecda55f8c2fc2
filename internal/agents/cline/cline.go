package cline

import (
	"time"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/matcher"
	"github.com/hookexec/hookexec/internal/reading"
)

// Name is Cline's name on the command line, its dialect's and its
// format's.
const Name = "cline"

// Agent describes Cline's hooks (documentation only).
func Agent() agent.Agent {
	return agent.Agent{
		Name:  Name,
		Title: "Cline",
		// The hooks directory: one executable per event, named after it.
		Dir:          ".clinerules",
		SettingsFile: "hooks",
		ProjectFile:  "",
		UserFile:     "Documents/Cline/Hooks",
		// ~/Documents/Cline has no variable (CLINE_DIR moves only ~/.cline).
		HomeVar: "",
		// The cline CLI 3.0 also reads .cline/hooks/ and ~/.cline/hooks/.
		ConfigDirs: []string{".clinerules/hooks", ".cline/hooks", "Documents/Cline/Hooks"},
		Layout:     agent.LayoutScripts,
		Flat:       agent.Flat{},
		// Hooks are scripts, not JSON settings.
		SettingsComments: false,
		PluginManifest:   "",
		PluginRootVar:    "",
		Events:           agent.ByName(events),
		DefaultEvents:    []string{"PreToolUse", "PostToolUse", "UserPromptSubmit", "TaskStart"},
		Aliases: []agent.Alias{
			{Key: "TaskResume", Event: "SessionStart"},
			{Key: "TaskCancel", Event: "SessionEnd"},
		},
		Tools:     Tools(),
		MCPPrefix: "",
		Payload:   payload,
		// The extension's documentation gives a hook 30 seconds (the CLI
		// 3.0's source: 120 s for the tool hooks); a script has no timeout
		// of its own.
		TimeoutUnit:       time.Second,
		TimeoutMillisFrom: 0,
		DefaultTimeout:    30 * time.Second,
		// A hook is an executable run directly (its #! line); hookexec
		// runs none of Cline's scripts itself.
		Shells:      []string{"sh"},
		ShellValues: nil,
		// No matchers: the file's name is the event, and a hook sees every
		// tool.
		Matchers:            matcher.JSRegex{},
		MatchesWithoutValue: false,
		IfFilter:            false,
		// No switch to write. The extension's documentation says a hook
		// that fails, times out or prints no JSON blocks; the CLI 3.0 lets
		// the tool run in each case (a run).
		OnFailure:         false,
		FailPolicyIgnored: nil,
		// Hooks run in the workspace root (a run of the CLI 3.0).
		RunsInProjectDir: true,
		ProjectVar:       "",
		Markers:          nil,
		SessionVar:       "",
		CwdVar:           "",
		PastedVars:       nil,
		PasteQuote:       nil,
		// hookexec reads no Cline hooks (scripts, not settings): the value
		// is never asked.
		Reads:    reading.Spec{},
		Format:   Name,
		Answer:   answer(),
		HookName: "",
		AlsoRuns: nil,
	}
}

// events maps the canonical events to Cline's hook names.
func events(name string) (string, bool) {
	switch name {
	case "BeforeTool":
		return "PreToolUse", true
	case "AfterTool":
		return "PostToolUse", true
	case "BeforeAgent":
		return "UserPromptSubmit", true
	case "SessionStart":
		return "TaskStart", true
	case "AfterAgent":
		return "TaskComplete", true
	case "PreCompress":
		return "PreCompact", true
	}
	return "", false
}

// Tools are Cline's tools by family: the cline CLI's (3.0, seen in a
// run and in its source: run_commands, read_files, editor, ...) and the
// VS Code extension's (its documentation: execute_command, read_file,
// write_to_file, ...).
func Tools() agent.Tools {
	return agent.Tools{
		{Name: "run_commands", Family: agent.FamilyShell},
		{Name: "execute_command", Family: agent.FamilyShell},
		{Name: "read_files", Family: agent.FamilyRead},
		{Name: "read_file", Family: agent.FamilyRead},
		{Name: "write_to_file", Family: agent.FamilyWrite},
		// editor replaces text, inserts lines or creates a missing file.
		{Name: "editor", Family: agent.FamilyEdit},
		{Name: "apply_patch", Family: agent.FamilyEdit},
		{Name: "replace_in_file", Family: agent.FamilyEdit},
		{Name: "search_codebase", Family: agent.FamilySearch},
		{Name: "search_files", Family: agent.FamilySearch},
		{Name: "list_files", Family: agent.FamilySearch},
		{Name: "list_code_definition_names", Family: agent.FamilySearch},
		{Name: "fetch_web_content", Family: agent.FamilyWeb},
		{Name: "web_fetch", Family: agent.FamilyWeb},
		{Name: "browser_action", Family: agent.FamilyWeb},
		{Name: "use_mcp_tool", Family: agent.FamilyMCP},
		{Name: "access_mcp_resource", Family: agent.FamilyMCP},
		{Name: "spawn_agent", Family: agent.FamilyAgent},
		{Name: "team_run_task", Family: agent.FamilyAgent},
		{Name: "team_spawn_teammate", Family: agent.FamilyAgent},
		{Name: "new_task", Family: agent.FamilyAgent},
		{Name: "ask_question", Family: agent.FamilyOther},
		{Name: "ask_followup_question", Family: agent.FamilyOther},
		{Name: "submit_and_exit", Family: agent.FamilyOther},
		{Name: "attempt_completion", Family: agent.FamilyOther},
		{Name: "plan_mode_respond", Family: agent.FamilyOther},
	}
}
