package iflow

import (
	"time"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/agents/claude"
	"github.com/hookexec/hookexec/internal/agents/gemini"
	"github.com/hookexec/hookexec/internal/matcher"
)

// Name is iFlow CLI's name on the command line, its dialect's and its
// format's.
const Name = "iflow"

// eventKeys are the Claude Code events iFlow CLI fires.
var eventKeys = []string{"PreToolUse", "PostToolUse", "Stop", "SubagentStop", "SessionStart", "SessionEnd", "UserPromptSubmit", "Notification"}

// Agent describes iFlow CLI.
func Agent() agent.Agent {
	return agent.Agent{
		Name:             Name,
		Title:            "iFlow CLI",
		Dir:              ".iflow",
		SettingsFile:     "settings.json",
		ProjectFile:      "",
		UserFile:         "",
		ConfigDirs:       nil,
		Layout:           agent.LayoutNested,
		Flat:             agent.Flat{},
		SettingsComments: false, // not documented: plain JSON assumed
		PluginManifest:   "",
		PluginRootVar:    "",
		Events:           claude.EventsOf(eventKeys),
		DefaultEvents:    []string{"PreToolUse", "PostToolUse", "UserPromptSubmit", "Stop", "SubagentStop", "SessionStart"},
		// SetUpEnvironment: at session start, while the environment
		// information is set up.
		Aliases:        []agent.Alias{{Key: "SetUpEnvironment", Event: "SessionStart"}},
		Tools:          gemini.Tools(),
		MCPPrefix:      "",  // Gemini CLI's SERVER__TOOL, no fixed prefix
		Payload:        nil, // Claude-shaped (tool_name, tool_input)
		TimeoutUnit:    time.Second,
		DefaultTimeout: 60 * time.Second,
		Shells:         []string{"bash", "sh"},
		ShellValues:    nil,
		Matchers:       matcher.JSRegex{},
		IfFilter:       false,
		OnFailure:      false,
		// Not documented.
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
		AlsoRuns:          nil,
	}
}
