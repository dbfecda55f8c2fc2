package llxprt

import (
	"time"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/agents/gemini"
	"github.com/hookexec/hookexec/internal/matcher"
	"github.com/hookexec/hookexec/internal/reading"
)

// Name is LLxprt Code's name on the command line and its dialect's name.
const Name = "llxprt"

// Agent describes LLxprt Code. Its hooks answer as Gemini CLI's do (the
// gemini format); their exit status and output are read as SPEC §4.6
// says.
func Agent() agent.Agent {
	return agent.Agent{
		Name:                Name,
		Title:               "LLxprt Code",
		Dir:                 ".llxprt",
		SettingsFile:        "settings.json",
		SettingsComments:    true, // as Gemini CLI
		PluginManifest:      "",
		PluginRootVar:       "",
		Events:              gemini.EventKey, // Gemini CLI's names
		DefaultEvents:       []string{"BeforeTool", "AfterTool", "BeforeAgent", "AfterAgent", "BeforeModel", "BeforeToolSelection", "SessionStart"},
		Tools:               gemini.Tools(),
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
		ProjectVar:          "LLXPRT_PROJECT_DIR",
		Markers:             nil,
		SessionVar:          "",
		CwdVar:              "",
		PastedVars:          nil,
		PasteQuote:          nil,
		Reads:               reading.Spec{},
		Format:              gemini.Name,
		Answer:              agent.Answer{}, // Gemini CLI's (Format)
		HookName:            "",
		Layout:              agent.LayoutNested,
		Flat:                agent.Flat{},
		ProjectFile:         "",
		UserFile:            "",
		ConfigDirs:          nil,
		Aliases:             nil,
		MCPPrefix:           "",
		Payload:             nil, // Claude-shaped (tool_name, tool_input)
		AlsoRuns:            nil,
	}
}
