package auggie

import (
	"time"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/agents/claude"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

// Name is Auggie's name on the command line, its dialect's and its
// format's.
const Name = "auggie"

// eventKeys are the Claude Code events Auggie fires (Notification since
// 1.x).
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
		// Auggie 1.x names the prompt event PromptSubmit.
		Aliases:        []agent.Alias{{Key: "PromptSubmit", Event: "BeforeAgent"}},
		Tools:          Tools(),
		MCPPrefix:      "",  // an MCP tool's name ends in _SERVER
		Payload:        nil, // Claude-shaped (tool_name, tool_input)
		TimeoutUnit:    time.Millisecond,
		DefaultTimeout: 60 * time.Second,
		Shells:         []string{"bash", "sh"},
		ShellValues:    nil,
		// A regular expression, unanchored.
		Matchers:          agent.MatchJSRegexOrExact,
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
		Reading:           agent.ReadClaude,
		Format:            Name,
		Answer:            answer(),
		HookName:          "",
		AlsoRuns:          nil,
	}
}

// answer is Claude Code's, except that a blocked PreToolUse also exits 2
// with the reason on stderr, the one block Auggie documents for it.
func answer() agent.Answer {
	a := claude.Answer()
	a.ExitBlocked = exitBlocked
	return a
}

func exitBlocked(ev event.Event, v verdict.Verdict) bool {
	return v.Blocked && ev.Name == "BeforeTool"
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
