package qwen

import (
	"time"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/matcher"
)

// Name is Qwen Code's name on the command line, its dialect's and its
// format's.
const Name = "qwen"

// Agent describes Qwen Code (0.24.4). doc.go says where each fact comes
// from.
func Agent() agent.Agent {
	return agent.Agent{
		Name:         Name,
		Title:        "Qwen Code",
		Dir:          ".qwen",
		SettingsFile: "settings.json",
		// Qwen Code strips comments before it parses a settings file.
		SettingsComments: true,
		// Qwen Code's extensions are not hook plugins hookexec reads.
		PluginManifest: "",
		PluginRootVar:  "",
		Events:         eventKey,
		DefaultEvents:  []string{"PreToolUse", "PermissionRequest", "PostToolUse", "UserPromptSubmit", "Stop", "SubagentStop", "SessionStart", "PreCompact"},
		// Qwen Code's event names are Claude Code's, which the catalogue
		// already knows; its own three (SessionDelete, TodoCreated,
		// TodoCompleted) have no catalogue event and run as unknown
		// events (event.Unknown).
		Aliases:   nil,
		Tools:     Tools(),
		MCPPrefix: "mcp__",
		Payload:   nil, // Claude Code's payload: tool_name, tool_input
		// Seconds in 0.24.4 (its documentation says milliseconds); a
		// value of 1000 or more is read as milliseconds by Qwen Code.
		TimeoutUnit:       time.Second,
		TimeoutMillisFrom: 1000,
		DefaultTimeout:    60 * time.Second,
		Shells:            []string{"bash"},
		// "powershell" runs powershell -Command; any other value is bash.
		ShellValues: []agent.ShellValue{{Name: "bash", Program: ""}, {Name: "powershell", Program: "powershell"}},
		// Exact names (a tool's aliases too: Shell, Bash, WriteFile, ...),
		// else an unanchored JavaScript regular expression.
		Matchers: matcher.Qwen{},
		// An event input without the matcher's field matches every
		// matcher, as in Gemini CLI, whose planner Qwen Code's is.
		MatchesWithoutValue: true,
		IfFilter:            false,
		OnFailure:           false,
		FailPolicyIgnored:   nil,
		// Hooks run in the event's cwd.
		RunsInProjectDir: false,
		// QWEN_PROJECT_DIR (and CLAUDE_PROJECT_DIR, GEMINI_PROJECT_DIR)
		// hold the event's cwd.
		ProjectVar: "QWEN_PROJECT_DIR",
		Markers:    []string{"QWEN_CODE_CLI"},
		SessionVar: "QWEN_CODE_SESSION_ID",
		CwdVar:     "",
		// Pasted only for PowerShell and cmd.exe; bash reads them from the
		// environment.
		PastedVars:  nil,
		PasteQuote:  nil,
		Reads:       Reads{},
		Format:      Name,
		Answer:      answer(),
		HookName:    "",
		Layout:      agent.LayoutNested,
		Flat:        agent.Flat{},
		ProjectFile: "",
		UserFile:    "",
		ConfigDirs:  nil,
		AlsoRuns:    nil,
		// Qwen Code 0.24.4's http hooks always fail open (from its code,
		// hooks/httpHookRunner.ts): a non-2xx answer, a refused connection
		// or a timeout is a "non_blocking_error" with continue: true, and
		// it has no onFailure.
		HTTP: agent.HTTPHooks{Refused: "Qwen Code's http hooks always fail open (0.24.4: a refused connection, an error status or a timeout lets the action through, and it has no onFailure), so a server that is down would let every tool call pass"},
	}
}

// events are Qwen Code 0.24.4's event names that the catalogue knows.
func events(name string) bool {
	switch name {
	case "PreToolUse", "PostToolUse", "PostToolUseFailure", "PostToolBatch",
		"Notification", "UserPromptSubmit", "UserPromptExpansion", "SessionStart",
		"Stop", "MessageDisplay", "SubagentStart", "SubagentStop",
		"PreCompact", "PostCompact", "SessionEnd", "PermissionRequest",
		"PermissionDenied", "StopFailure", "InstructionsLoaded":
		return true
	}
	return false
}

// eventKey is Qwen Code's name for ev: its Claude Code name, for the
// events Qwen Code fires.
func eventKey(ev event.Event) (string, bool) { return ev.Claude, events(ev.Claude) }

// Tools are Qwen Code 0.24.4's built-in tools by family, as its events'
// tool_name gives them, each with the other names its matchers accept
// (its tool-names.ts and TOOL_NAME_ALIASES: display names, legacy names
// and Claude Code's).
func Tools() agent.Tools {
	return agent.Tools{
		{Name: "run_shell_command", Family: agent.FamilyShell, Aliases: []string{"Shell", "ShellTool", "Bash"}},
		{Name: "monitor", Family: agent.FamilyShell, Aliases: []string{"Monitor", "MonitorTool"}},
		{Name: "read_file", Family: agent.FamilyRead, Aliases: []string{"ReadFile", "ReadFileTool", "Read"}},
		{Name: "zoom_image", Family: agent.FamilyRead, Aliases: []string{"ZoomImage", "ZoomImageTool"}},
		{Name: "write_file", Family: agent.FamilyWrite, Aliases: []string{"WriteFile", "WriteFileTool", "Write"}},
		{Name: "edit", Family: agent.FamilyEdit, Aliases: []string{"Edit", "EditTool", "replace"}},
		{Name: "notebook_edit", Family: agent.FamilyEdit, Aliases: []string{"NotebookEdit", "NotebookEditTool"}},
		{Name: "grep_search", Family: agent.FamilySearch, Aliases: []string{"Grep", "GrepTool", "search_file_content", "SearchFiles"}},
		{Name: "glob", Family: agent.FamilySearch, Aliases: []string{"Glob", "GlobTool", "FindFiles"}},
		{Name: "list_directory", Family: agent.FamilySearch, Aliases: []string{"ListFiles", "ListFilesTool", "ReadFolder"}},
		{Name: "web_fetch", Family: agent.FamilyWeb, Aliases: []string{"WebFetch", "WebFetchTool"}},
		{Name: "web_search", Family: agent.FamilyWeb, Aliases: []string{"WebSearch", "WebSearchTool"}},
		{Name: "read_mcp_resource", Family: agent.FamilyMCP, Aliases: []string{"ReadMcpResource", "ReadMcpResourceTool"}},
		{Name: "agent", Family: agent.FamilyAgent, Aliases: []string{"Agent", "AgentTool", "task", "Task", "TaskTool"}},
		{Name: "send_message", Family: agent.FamilyAgent, Aliases: []string{"SendMessage", "SendMessageTool"}},
		{Name: "todo_write", Family: agent.FamilyOther, Aliases: []string{"TodoList", "TodoListTool", "TodoWrite", "TodoWriteTool"}},
		{Name: "save_memory", Family: agent.FamilyOther, Aliases: []string{"SaveMemory", "SaveMemoryTool"}},
		{Name: "skill", Family: agent.FamilyOther, Aliases: []string{"Skill", "SkillTool"}},
		{Name: "ask_user_question", Family: agent.FamilyOther, Aliases: []string{"AskUserQuestion", "AskUserQuestionTool"}},
		{Name: "exit_plan_mode", Family: agent.FamilyOther, Aliases: []string{"ExitPlanMode", "ExitPlanModeTool"}},
		{Name: "enter_plan_mode", Family: agent.FamilyOther, Aliases: []string{"EnterPlanMode", "EnterPlanModeTool"}},
	}
}
