package auggie

import (
	"time"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/agents/claude"
	"github.com/hookexec/hookexec/internal/matcher"
)

// Name is Auggie's name on the command line, its dialect's and its
// format's.
const Name = "auggie"

// eventKeys are the Claude Code events Auggie fires, besides PromptSubmit
// (an alias).
var eventKeys = []string{"PreToolUse", "PostToolUse", "Stop", "SessionStart", "SessionEnd", "Notification"}

// Agent describes Augment's Auggie CLI.
func Agent() agent.Agent {
	return agent.Agent{
		Name:             Name,
		Title:            "Auggie",
		Dir:              ".augment",
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
		DefaultEvents:    []string{"PreToolUse", "PostToolUse", "Stop", "SessionStart"},
		// Auggie names the prompt event PromptSubmit.
		Aliases:        []agent.Alias{{Key: "PromptSubmit", Event: "BeforeAgent"}},
		Tools:          Tools(),
		MCPPrefix:      "",  // an MCP tool's name ends in _SERVER
		Payload:        nil, // Claude-shaped (tool_name, tool_input)
		TimeoutUnit:    time.Millisecond,
		DefaultTimeout: 60 * time.Second,
		// A command with a shell character (|&;><$`) runs with bash -c, any
		// other is split into words and run without a shell.
		Shells:      []string{"bash"},
		ShellValues: nil,
		// A regular expression, unanchored.
		Matchers:          matcher.JSRegexOrExact{},
		IfFilter:          false,
		OnFailure:         false,
		FailPolicyIgnored: nil,
		RunsInProjectDir:  false,
		ProjectVar:        "AUGMENT_PROJECT_DIR",
		Markers:           []string{"AUGMENT_HOOK_EVENT"},
		SessionVar:        "AUGMENT_CONVERSATION_ID",
		CwdVar:            "",
		PastedVars:        nil,
		PasteQuote:        nil,
		Reads:             claude.Reads{},
		Format:            Name,
		Answer:            answer(),
		HookName:          "",
		AlsoRuns:          nil,
	}
}

// Tools are Auggie's built-in tools by family.
func Tools() agent.Tools {
	return agent.Tools{
		{Name: "launch-process", Family: agent.FamilyShell},
		{Name: "read-process", Family: agent.FamilyOther},
		{Name: "write-process", Family: agent.FamilyOther},
		{Name: "kill-process", Family: agent.FamilyOther},
		{Name: "list-processes", Family: agent.FamilyOther},
		{Name: "view", Family: agent.FamilyRead},
		{Name: "str-replace-editor", Family: agent.FamilyEdit},
		{Name: "save-file", Family: agent.FamilyWrite},
		{Name: "remove-files", Family: agent.FamilyEdit},
		{Name: "codebase-retrieval", Family: agent.FamilySearch},
		{Name: "web-fetch", Family: agent.FamilyWeb},
		{Name: "web-search", Family: agent.FamilyWeb},
	}
}
