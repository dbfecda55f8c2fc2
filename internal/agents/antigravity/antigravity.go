package antigravity

import (
	"time"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/agents/claude"
	"github.com/hookexec/hookexec/internal/matcher"
	"github.com/hookexec/hookexec/internal/reading"
)

// Name is Antigravity CLI's name on the command line, its dialect's and
// its format's.
const Name = "antigravity"

// Agent describes Google Antigravity CLI.
func Agent() agent.Agent {
	return agent.Agent{
		Name:  Name,
		Title: "Antigravity CLI",
		// Antigravity CLI has no directory of its own: its hooks are in
		// ~/.gemini/config/hooks.json (ConfigDirs, UserFile). ".antigravity"
		// only names its dialect's directory for hookexec.
		Dir:          ".antigravity",
		SettingsFile: "hooks.json",
		ProjectFile:  "-", // user scope only
		UserFile:     ".gemini/config/hooks.json",
		ConfigDirs:   []string{".gemini/config"},
		// Named definitions: {"hookexec": {"enabled": true, "PreToolUse": [...]}}.
		Layout:           agent.LayoutNamed,
		Flat:             agent.Flat{},
		SettingsComments: false, // JSON.parse in the integration that reads it
		PluginManifest:   "",
		PluginRootVar:    "",
		Events:           claude.EventsOf([]string{"PreToolUse"}),
		DefaultEvents:    []string{"PreToolUse"},
		Aliases:          nil,
		Tools:            Tools(),
		MCPPrefix:        "", // not known
		Payload:          Payload,
		TimeoutUnit:      time.Second,
		DefaultTimeout:   30 * time.Second,
		Shells:           []string{"bash", "sh"},
		ShellValues:      nil,
		// No matcher is documented; a Claude-style one is read as Claude
		// Code reads it.
		Matchers:          matcher.JSRegex{},
		IfFilter:          false,
		OnFailure:         false,
		FailPolicyIgnored: nil,
		RunsInProjectDir:  false,
		ProjectVar:        "", // not known
		Markers:           nil,
		SessionVar:        "",
		CwdVar:            "",
		PastedVars:        nil,
		PasteQuote:        nil,
		Reads:             reading.Spec{},
		Format:            Name,
		Answer:            answer(),
		HookName:          "",
		AlsoRuns:          nil,
	}
}

// Tools are the Antigravity CLI tools cc-safety-net's integration and
// tests name.
func Tools() agent.Tools {
	return agent.Tools{
		{Name: "run_command", Family: agent.FamilyShell},
		{Name: "view_file", Family: agent.FamilyRead},
		{Name: "write_to_file", Family: agent.FamilyWrite},
		{Name: "apply_patch", Family: agent.FamilyEdit},
		{Name: "find_by_name", Family: agent.FamilySearch},
		{Name: "grep_search", Family: agent.FamilySearch},
	}
}
