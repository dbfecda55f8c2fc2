package claude

import (
	"time"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/matcher"
)

// Name is Claude Code's name on the command line and its dialect's name.
const Name = "claude"

// Agent describes Claude Code (2.1.328).
func Agent() agent.Agent {
	return agent.Agent{
		Name:         Name,
		Title:        "Claude Code",
		Dir:          ".claude",
		SettingsFile: "settings.json",
		// Claude Code parses plain JSON and rejects a settings file with a
		// comment as malformed.
		SettingsComments: false,
		PluginManifest:   ".claude-plugin/plugin.json",
		PluginRootVar:    "CLAUDE_PLUGIN_ROOT",
		Events:           eventKey,
		DefaultEvents:    []string{"PreToolUse", "PermissionRequest", "PostToolUse", "UserPromptSubmit", "Stop", "SubagentStop", "SessionStart", "PreCompact"},
		Tools:            Tools(),
		// Claude Code names an MCP tool mcp__SERVER__TOOL.
		MCPPrefix:      "mcp__",
		Payload:        nil, // Claude Code's payload is the reference
		TimeoutUnit:    time.Second,
		DefaultTimeout: 600 * time.Second,
		// Claude Code runs a hook's command with sh (on Windows, as every
		// dialect: Git Bash, else cmd.exe).
		Shells: []string{"sh"},
		// "bash" is Claude Code's default shell, which is the dialect's
		// default here; "powershell" runs pwsh, as in Claude Code.
		ShellValues: []agent.ShellValue{{Name: "bash", Program: ""}, {Name: "powershell", Program: "pwsh"}},
		Matchers:    matcher.JSRegex{},
		IfFilter:    true,
		OnFailure:   true,
		// Stop (a real run: a Stop hook that exits 1 with onFailure
		// "block" is reported as a problem and the session ends all the
		// same) and the loop's other stop points ignore a hook's fail
		// policy (Claude Code 2.1.328's settings schema names the four).
		// AfterAgent is Stop's canonical name.
		FailPolicyIgnored: []string{"Stop", "AfterAgent", "SubagentStop", "TaskCompleted", "TeammateIdle"},
		RunsInProjectDir:  false,
		ProjectVar:        "CLAUDE_PROJECT_DIR",
		Markers:           []string{"CLAUDECODE", "CLAUDE_CODE_ENTRYPOINT"},
		SessionVar:        "",
		CwdVar:            "",
		PastedVars:        nil,
		PasteQuote:        nil,
		Reads:             Reads{},
		Format:            Name,
		Answer:            answer(),
		HookName:          "",
		Layout:            agent.LayoutNested,
		Flat:              agent.Flat{},
		ProjectFile:       "",
		UserFile:          "",
		// Claude Code's settings files: .claude/settings.local.json is the
		// project's personal one, which it reads beside settings.json and
		// does not expect to be committed (its settings documentation).
		LocalProjectFile: ".claude/settings.local.json",
		ConfigDirs:       nil,
		Aliases:          nil,
		AlsoRuns:         nil,
		HTTP:             httpHooks(),
	}
}

// httpHooks is how Claude Code 2.1.328 runs a hook of "type": "http" (from
// its code): headers' $VAR read the process environment, into which it
// puts every settings file's "env" at start-up; it skips an http hook on
// SessionStart and Setup ("HTTP hooks are not supported for SessionStart").
func httpHooks() agent.HTTPHooks {
	return agent.HTTPHooks{
		CommandOnly: []string{"SessionStart", "Setup"},
		EnvKey:      "env",
		Refused:     "",
	}
}

// eventKey is Claude Code's name for ev: the catalogue's Claude alias.
func eventKey(ev event.Event) (string, bool) { return ev.Claude, ev.Claude != "" }

// Tools are Claude Code's built-in tools (2.1.328) by family.
func Tools() agent.Tools {
	return agent.Tools{
		{Name: "Bash", Family: agent.FamilyShell},
		{Name: "Read", Family: agent.FamilyRead},
		{Name: "Edit", Family: agent.FamilyEdit},
		{Name: "Write", Family: agent.FamilyWrite},
		{Name: "MultiEdit", Family: agent.FamilyEdit},
		{Name: "NotebookEdit", Family: agent.FamilyEdit},
		{Name: "Glob", Family: agent.FamilySearch},
		{Name: "Grep", Family: agent.FamilySearch},
		{Name: "WebFetch", Family: agent.FamilyWeb},
		{Name: "WebSearch", Family: agent.FamilyWeb},
		{Name: "Task", Family: agent.FamilyAgent},
		{Name: "Agent", Family: agent.FamilyAgent},
		{Name: "TodoWrite", Family: agent.FamilyOther},
		{Name: "ExitPlanMode", Family: agent.FamilyOther},
	}
}
