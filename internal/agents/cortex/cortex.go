package cortex

import (
	"time"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/agents/claude"
	"github.com/hookexec/hookexec/internal/matcher"
)

// Name is Cortex Code's name on the command line, its dialect's and its
// format's.
const Name = "cortex"

// eventKeys are the Claude Code events Cortex Code fires.
var eventKeys = []string{
	"PreToolUse", "PostToolUse", "PermissionRequest", "SessionStart", "UserPromptSubmit", "Stop",
	"Notification", "PreCompact", "SessionEnd", "SubagentStop", "Setup",
}

// Agent describes Snowflake Cortex Code.
func Agent() agent.Agent {
	return agent.Agent{
		Name:         Name,
		Title:        "Cortex Code",
		Dir:          ".cortex",
		SettingsFile: "settings.json",
		ProjectFile:  "",
		UserFile:     ".snowflake/cortex/settings.json",
		// The user's directory, and the desktop app's workspace directory.
		ConfigDirs:        []string{".snowflake/cortex"},
		Layout:            agent.LayoutNested,
		Flat:              agent.Flat{},
		SettingsComments:  false, // not documented: plain JSON assumed
		PluginManifest:    "",
		PluginRootVar:     "",
		Events:            claude.EventsOf(eventKeys),
		DefaultEvents:     []string{"PreToolUse", "PermissionRequest", "PostToolUse", "UserPromptSubmit", "Stop", "SessionStart"},
		Aliases:           nil,
		Tools:             Tools(),
		MCPPrefix:         "",  // not documented
		Payload:           nil, // Claude-shaped (tool_name, tool_input)
		TimeoutUnit:       time.Second,
		DefaultTimeout:    60 * time.Second,
		Shells:            []string{"bash", "sh"},
		ShellValues:       nil,
		Matchers:          matcher.JSRegex{},
		IfFilter:          false,
		OnFailure:         false,
		FailPolicyIgnored: nil,
		RunsInProjectDir:  false,
		ProjectVar:        "", // not documented
		Markers:           nil,
		SessionVar:        "",
		CwdVar:            "",
		PastedVars:        nil,
		PasteQuote:        nil,
		Reads:             claude.Reads{},
		Format:            Name,
		Answer:            claude.Answer(),
		HookName:          "",
		// It reads a project's .claude/settings.json as project settings.
		AlsoRuns: []string{claude.Name},
	}
}

// Tools are the Cortex Code tools its documentation names.
func Tools() agent.Tools {
	return agent.Tools{
		{Name: "Bash", Family: agent.FamilyShell},
		{Name: "read_file", Family: agent.FamilyRead},
		{Name: "execute_sql", Family: agent.FamilyOther},
	}
}
