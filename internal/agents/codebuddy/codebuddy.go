package codebuddy

import (
	"time"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/agents/claude"
	"github.com/hookexec/hookexec/internal/matcher"
)

// Name is CodeBuddy Code's name on the command line, its dialect's and its
// format's.
const Name = "codebuddy"

// eventKeys are the Claude Code events CodeBuddy Code fires (its hook
// reference's event family).
var eventKeys = []string{
	"PreToolUse", "PostToolUse", "PostToolUseFailure", "SessionStart", "SessionEnd", "Stop",
	"SubagentStart", "SubagentStop", "StopFailure", "UserPromptSubmit", "Notification",
	"PermissionRequest", "PermissionDenied", "Elicitation", "ElicitationResult", "PreCompact",
	"PostCompact", "InstructionsLoaded", "ConfigChange", "TaskCreated", "TaskCompleted",
	"TeammateIdle", "FileChanged", "CwdChanged", "WorktreeCreate", "WorktreeRemove", "Setup",
}

// Agent describes CodeBuddy Code (1.16 and later).
func Agent() agent.Agent {
	return agent.Agent{
		Name:         Name,
		Title:        "CodeBuddy Code",
		Dir:          ".codebuddy",
		SettingsFile: "settings.json",
		ProjectFile:  "",
		UserFile:     "",
		ConfigDirs:   nil,
		Layout:       agent.LayoutNested,
		Flat:         agent.Flat{},
		// A manual run of 2.117.0 ran the hooks of a project settings.json
		// that starts with a // comment.
		SettingsComments: true,
		PluginManifest:   "",
		PluginRootVar:    "",
		Events:           claude.EventsOf(eventKeys),
		DefaultEvents:    []string{"PreToolUse", "PermissionRequest", "PostToolUse", "UserPromptSubmit", "Stop", "SubagentStop", "SessionStart", "PreCompact"},
		Aliases:          nil,
		Tools:            Tools(),
		MCPPrefix:        "mcp__",
		Payload:          nil, // Claude-shaped (tool_name, tool_input)
		TimeoutUnit:      time.Second,
		DefaultTimeout:   60 * time.Second,
		// The user's $SHELL: bash where there is one.
		Shells:      []string{"bash", "sh"},
		ShellValues: nil,
		// An unanchored regular expression, as for Gemini CLI's tools.
		Matchers:          matcher.JSRegexOrExact{},
		IfFilter:          false,
		OnFailure:         false,
		FailPolicyIgnored: nil,
		RunsInProjectDir:  false,
		ProjectVar:        "CODEBUDDY_PROJECT_DIR",
		Markers:           nil,
		SessionVar:        "",
		CwdVar:            "",
		PastedVars:        nil,
		PasteQuote:        nil,
		Reads:             claude.Reads{},
		Format:            Name,
		Answer:            claude.Answer(),
		HookName:          "",
		AlsoRuns:          nil,
	}
}

// Tools are CodeBuddy Code's built-in tools (2.117.0's tools reference) by
// family.
func Tools() agent.Tools {
	return agent.Tools{
		{Name: "Bash", Family: agent.FamilyShell},
		{Name: "PowerShell", Family: agent.FamilyShell},
		{Name: "Read", Family: agent.FamilyRead},
		{Name: "NotebookRead", Family: agent.FamilyRead},
		{Name: "Write", Family: agent.FamilyWrite},
		{Name: "Edit", Family: agent.FamilyEdit},
		{Name: "MultiEdit", Family: agent.FamilyEdit},
		{Name: "NotebookEdit", Family: agent.FamilyEdit},
		{Name: "Glob", Family: agent.FamilySearch},
		{Name: "Grep", Family: agent.FamilySearch},
		{Name: "WebFetch", Family: agent.FamilyWeb},
		{Name: "WebSearch", Family: agent.FamilyWeb},
		{Name: "Agent", Family: agent.FamilyAgent},
		{Name: "AskUserQuestion", Family: agent.FamilyOther},
		{Name: "TaskCreate", Family: agent.FamilyOther},
		{Name: "TaskUpdate", Family: agent.FamilyOther},
		{Name: "Skill", Family: agent.FamilyOther},
		{Name: "ExitPlanMode", Family: agent.FamilyOther},
	}
}
