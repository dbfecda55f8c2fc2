package goose

import (
	"time"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/agents/claude"
	"github.com/hookexec/hookexec/internal/matcher"
)

// Name is goose's name on the command line, its dialect's and its
// format's.
const Name = "goose"

// pluginHooks is hookexec's own plugin's hook file, in the project and in
// the home directory.
const pluginHooks = ".agents/plugins/hookexec/hooks/hooks.json"

// eventKeys are the catalogue's events goose fires, by their Claude names.
var eventKeys = []string{"SessionStart", "SessionEnd", "Stop", "UserPromptSubmit", "PreToolUse", "PostToolUse", "PostToolUseFailure"}

// Agent describes goose.
func Agent() agent.Agent {
	return agent.Agent{
		Name:  Name,
		Title: "goose",
		// Open Plugins' directory; goose reads hooks only inside its
		// plugins (PluginManifest).
		Dir:              ".agents",
		SettingsFile:     "hooks.json",
		ProjectFile:      pluginHooks,
		UserFile:         pluginHooks,
		ConfigDirs:       nil,
		Layout:           agent.LayoutNested,
		Flat:             agent.Flat{},
		SettingsComments: false, // serde_json
		PluginManifest:   "plugin.json",
		PluginRootVar:    "PLUGIN_ROOT",
		Events:           claude.EventsOf(eventKeys),
		// The events that can block.
		DefaultEvents:  []string{"PreToolUse", "Stop"},
		Aliases:        nil,
		Tools:          Tools(),
		MCPPrefix:      "", // an extension's tool is EXTENSION__TOOL, as the developer tools
		Payload:        Payload,
		TimeoutUnit:    time.Second,
		DefaultTimeout: 30 * time.Second,
		Shells:         []string{"sh"},
		ShellValues:    nil,
		// A regular expression, unanchored.
		Matchers:          matcher.JSRegexOrExact{},
		IfFilter:          false,
		OnFailure:         false, // its key is "on_failure"
		FailPolicyIgnored: nil,
		RunsInProjectDir:  false,
		ProjectVar:        "", // not documented
		Markers:           nil,
		SessionVar:        "",
		CwdVar:            "",
		PastedVars:        nil,
		PasteQuote:        nil,
		// A JSON block is read whatever the exit status.
		Reads:    claude.Reads{},
		Format:   Name,
		Answer:   answer(),
		HookName: "",
		AlsoRuns: nil,
	}
}

// Tools are goose's developer extension's tools by family.
func Tools() agent.Tools {
	return agent.Tools{
		{Name: "developer__shell", Family: agent.FamilyShell},
		{Name: "developer__write", Family: agent.FamilyWrite},
		{Name: "developer__edit", Family: agent.FamilyEdit},
		{Name: "developer__tree", Family: agent.FamilySearch},
		{Name: "developer__read_image", Family: agent.FamilyRead},
	}
}
