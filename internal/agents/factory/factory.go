package factory

import (
	"time"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/agents/claude"
	"github.com/hookexec/hookexec/internal/matcher"
)

// Name is Factory Droid's name on the command line, its dialect's and its
// format's.
const Name = "factory"

// events are the Claude Code events Factory Droid fires (its hooks
// reference).
var events = []string{"PreToolUse", "PostToolUse", "UserPromptSubmit", "Notification", "Stop", "SubagentStop", "PreCompact", "SessionStart", "SessionEnd"}

// Agent describes Factory Droid.
func Agent() agent.Agent {
	return agent.Agent{
		Name:  Name,
		Title: "Factory Droid",
		Dir:   ".factory",
		// settings.json's "hooks" (Claude Code's shape), which droid 0.225.2
		// runs beside hooks.json's. Its hooks.json holds the event keys at
		// the top level, without "hooks": a shape install does not write.
		SettingsFile: "settings.json",
		ProjectFile:  "",
		UserFile:     "",
		// Its hooks reference lists .factory/settings.local.json ("local
		// project settings (not committed)"), but no run has shown droid
		// running hooks from it: install keeps the committed file (and
		// warns), which droid 0.225.2 is known to run.
		LocalProjectFile: "",
		ConfigDirs:       nil,
		Layout:           agent.LayoutNested,
		Flat:             agent.Flat{},
		// A manual run of droid 0.225.2 read a settings.json that starts with
		// a // comment.
		SettingsComments: true,
		PluginManifest:   "",
		PluginRootVar:    "",
		Events:           claude.EventsOf(events),
		DefaultEvents:    []string{"PreToolUse", "PostToolUse", "UserPromptSubmit", "Stop", "SubagentStop", "SessionStart", "PreCompact"},
		Aliases:          nil,
		Tools:            Tools(),
		MCPPrefix:        "",  // not documented
		Payload:          nil, // Claude-shaped (tool_name, tool_input)
		TimeoutUnit:      time.Second,
		DefaultTimeout:   60 * time.Second, // its hook runner: timeout || 60
		Shells:           []string{"bash", "sh"},
		ShellValues:      nil,
		Matchers:         matcher.JSRegex{},
		IfFilter:         false,
		OnFailure:        false,
		// Droid reads no fail policy of a hook's.
		FailPolicyIgnored: nil,
		RunsInProjectDir:  false,
		ProjectVar:        "FACTORY_PROJECT_DIR",
		// Droid also sets CLAUDE_PROJECT_DIR to the same directory.
		Markers:    []string{"DROID_PROJECT_DIR"},
		SessionVar: "",
		CwdVar:     "",
		PastedVars: nil,
		PasteQuote: nil,
		Reads:      claude.Reads{},
		Format:     Name,
		Answer:     claude.Answer(),
		HookName:   "",
		AlsoRuns:   nil,
	}
}

// Tools are Factory Droid's built-in tools by family.
func Tools() agent.Tools {
	return agent.Tools{
		{Name: "Execute", Family: agent.FamilyShell},
		{Name: "Read", Family: agent.FamilyRead},
		{Name: "LS", Family: agent.FamilySearch},
		{Name: "Grep", Family: agent.FamilySearch},
		{Name: "Glob", Family: agent.FamilySearch},
		{Name: "Create", Family: agent.FamilyWrite},
		{Name: "Edit", Family: agent.FamilyEdit},
		{Name: "ApplyPatch", Family: agent.FamilyEdit},
		{Name: "FetchUrl", Family: agent.FamilyWeb},
		{Name: "WebSearch", Family: agent.FamilyWeb},
		{Name: "Task", Family: agent.FamilyAgent},
		{Name: "TodoWrite", Family: agent.FamilyOther},
		{Name: "AskUser", Family: agent.FamilyOther},
	}
}
