package kiro

import (
	"time"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/matcher"
	"github.com/hookexec/hookexec/internal/reading"
)

// Name is Kiro CLI's name on the command line, its dialect's and its
// format's.
const Name = "kiro"

// Agent describes Kiro CLI (documentation only).
func Agent() agent.Agent {
	return agent.Agent{
		Name:  Name,
		Title: "Kiro CLI",
		// Install writes hookexec's own agent file,
		// .kiro/agents/hookexec.json (package comment says why); every
		// file in .kiro/agents/ is an agent file read in Kiro's dialect.
		Dir:          ".kiro",
		SettingsFile: "agents/hookexec.json",
		ProjectFile:  "",
		UserFile:     "",
		// No variable moves ~/.kiro.
		HomeVar:    "",
		ConfigDirs: []string{".kiro/agents"},
		// "hooks": {EVENT: [{"command", "matcher"?, "timeout_ms"?,
		// "cache_ttl_seconds"?}]} inside the agent file.
		Layout: agent.LayoutFlat,
		// hookexec's agent file also names itself and gives the agent every
		// tool: an agent file without "tools" has none.
		Flat: agent.Flat{Version: 0, Command: "command", Timeout: "timeout_ms", Matcher: "matcher", Type: false, Extra: nil,
			Top: []agent.FlatKey{
				{Key: "name", Value: "hookexec"},
				{Key: "description", Value: "Kiro's default tools, with hookexec's hooks: every policy of the project and the user runs (hookexec install kiro)"},
				{Key: "tools", Value: []any{"*"}},
			}},
		SettingsComments: false,
		PluginManifest:   "",
		PluginRootVar:    "",
		Events:           agent.ByName(events),
		// The events that can block or take context: Kiro cannot block a
		// prompt or a stop.
		DefaultEvents: []string{"preToolUse", "postToolUse", "userPromptSubmit", "agentSpawn"},
		Aliases:       nil,
		Tools:         Tools(),
		// An MCP tool is "@server/tool".
		MCPPrefix:         "@",
		Payload:           payload,
		TimeoutUnit:       time.Millisecond,
		TimeoutMillisFrom: 0,
		DefaultTimeout:    30 * time.Second,
		Shells:            []string{"bash", "sh"},
		ShellValues:       nil,
		// Kiro's matchers are globs ("fs_*", "@git", "@git/status", "*",
		// "@builtin"); read as Gemini CLI's (a regular expression, else an
		// exact name), "fs_*" and "@git" match what they match in Kiro,
		// "@builtin" matches nothing.
		Matchers:            matcher.JSRegexOrExact{},
		MatchesWithoutValue: false,
		IfFilter:            false,
		// Kiro has no fail-closed switch: a failed hook is a warning and
		// the tool runs.
		OnFailure:         false,
		FailPolicyIgnored: nil,
		// Hooks run in Kiro's working directory, the input's cwd.
		RunsInProjectDir: false,
		// Kiro documents no variables for its hooks.
		ProjectVar: "",
		Markers:    nil,
		SessionVar: "",
		CwdVar:     "",
		PastedVars: nil,
		PasteQuote: nil,
		Reads:      reading.ExitCode{},
		Format:     Name,
		Answer:     answer(),
		HookName:   "",
		AlsoRuns:   nil,
	}
}

// events maps the canonical events to Kiro's names.
func events(name string) (string, bool) {
	switch name {
	case "SessionStart":
		return "agentSpawn", true
	case "BeforeAgent":
		return "userPromptSubmit", true
	case "BeforeTool":
		return "preToolUse", true
	case "AfterTool":
		return "postToolUse", true
	case "AfterAgent":
		return "stop", true
	}
	return "", false
}

// Tools are Kiro CLI's built-in tools by family, under their current
// names and the Amazon Q Developer CLI names Kiro still accepts.
func Tools() agent.Tools {
	return agent.Tools{
		{Name: "shell", Family: agent.FamilyShell},
		{Name: "execute_bash", Family: agent.FamilyShell},
		{Name: "read", Family: agent.FamilyRead},
		{Name: "fs_read", Family: agent.FamilyRead},
		// write and fs_write create a file or edit one (str_replace,
		// insert, append): write is the family of the tool.
		{Name: "write", Family: agent.FamilyWrite},
		{Name: "fs_write", Family: agent.FamilyWrite},
		{Name: "glob", Family: agent.FamilySearch},
		{Name: "grep", Family: agent.FamilySearch},
		{Name: "code", Family: agent.FamilySearch},
		{Name: "web_search", Family: agent.FamilyWeb},
		{Name: "web_fetch", Family: agent.FamilyWeb},
		{Name: "subagent", Family: agent.FamilyAgent},
		{Name: "delegate", Family: agent.FamilyAgent},
		{Name: "aws", Family: agent.FamilyOther},
		{Name: "use_aws", Family: agent.FamilyOther},
		{Name: "knowledge", Family: agent.FamilyOther},
		{Name: "todo_list", Family: agent.FamilyOther},
		{Name: "introspect", Family: agent.FamilyOther},
	}
}
