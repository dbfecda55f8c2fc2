package tabnine

import (
	"time"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/agents/gemini"
	"github.com/hookexec/hookexec/internal/matcher"
	"github.com/hookexec/hookexec/internal/reading"
)

// Name is Tabnine CLI's name on the command line and its dialect's.
const Name = "tabnine"

// Agent describes Tabnine CLI. Its hooks answer as Gemini CLI's do (the
// gemini format).
func Agent() agent.Agent {
	return agent.Agent{
		Name:  Name,
		Title: "Tabnine CLI",
		Dir:   ".tabnine",
		// .tabnine/agent/settings.json in the project and the home
		// directory.
		SettingsFile:        "settings.json",
		ProjectFile:         ".tabnine/agent/settings.json",
		UserFile:            ".tabnine/agent/settings.json",
		ConfigDirs:          []string{".tabnine/agent"},
		Layout:              agent.LayoutNested,
		Flat:                agent.Flat{},
		SettingsComments:    true, // as Gemini CLI
		PluginManifest:      "",
		PluginRootVar:       "",
		Events:              gemini.EventKey, // Gemini CLI's names
		DefaultEvents:       []string{"BeforeTool", "AfterTool", "BeforeAgent", "AfterAgent", "BeforeModel", "BeforeToolSelection", "SessionStart"},
		Aliases:             nil,
		Tools:               gemini.Tools(),
		MCPPrefix:           "",
		Payload:             nil, // Claude-shaped (tool_name, tool_input)
		TimeoutUnit:         time.Millisecond,
		DefaultTimeout:      60 * time.Second,
		Shells:              []string{"bash", "sh"},
		ShellValues:         nil,
		Matchers:            matcher.JSRegexOrExact{},
		MatchesWithoutValue: false,
		IfFilter:            false,
		OnFailure:           false,
		FailPolicyIgnored:   nil,
		RunsInProjectDir:    false,
		ProjectVar:          "TABNINE_PROJECT_DIR",
		Markers:             []string{"TABNINE_CLI"},
		SessionVar:          "",
		CwdVar:              "",
		PastedVars:          nil,
		PasteQuote:          nil,
		Reads:               reading.Spec{},
		Format:              gemini.Name,
		Answer:              agent.Answer{}, // Gemini CLI's (Format)
		// hooksConfig.disabled names a hook by its name.
		HookName: "hookexec",
		AlsoRuns: nil,
	}
}
