package codex

import (
	"time"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/matcher"
)

// Name is Codex CLI's name on the command line, its dialect's and its
// format's.
const Name = "codex"

// HomeVar is the variable that moves Codex's own directory (config.toml,
// the user's hooks.json) away from ~/.codex.
const HomeVar = "CODEX_HOME"

// Agent describes OpenAI Codex CLI (0.169.0).
func Agent() agent.Agent {
	return agent.Agent{
		Name:         Name,
		Title:        "Codex CLI",
		Dir:          ".codex",
		HomeVar:      HomeVar,
		SettingsFile: "hooks.json",
		ProjectFile:  "",
		UserFile:     "",
		ConfigDirs:   nil,
		Layout:       agent.LayoutNested,
		Flat:         agent.Flat{},
		// Codex parses hooks.json with serde_json: a comment makes the
		// file fail to parse (its hooks are skipped with a warning).
		SettingsComments: false,
		// Codex plugins carry hooks too, under their own manifest
		// (.codex-plugin/plugin.json); hookexec reads a plugin's hooks in
		// Claude's dialect only, so none is set here.
		PluginManifest: "",
		PluginRootVar:  "",
		Events:         eventKey,
		DefaultEvents:  []string{"PreToolUse", "PermissionRequest", "PostToolUse", "UserPromptSubmit", "Stop", "SubagentStop", "SessionStart", "PreCompact"},
		Aliases:        nil,
		Tools:          Tools(),
		// Codex names an MCP tool mcp__SERVER__TOOL, as Claude Code does.
		MCPPrefix: "mcp__",
		// Claude-shaped (tool_name, tool_input; make e2e), with a patch in
		// apply_patch's tool_input.command.
		Payload: payload,
		// "timeout" in seconds; 600 when unset, at least 1 (discovery.rs;
		// 0.169.0 ignores "timeoutSec", make e2e).
		TimeoutUnit:    time.Second,
		DefaultTimeout: 600 * time.Second,
		// Codex runs "$SHELL -lc COMMAND" (/bin/sh without SHELL); hookexec
		// runs the dialect's shell with -c, never a login shell, whose
		// profile could print into the answer.
		Shells:              []string{"sh"},
		ShellValues:         nil,
		Matchers:            matcher.ExactOrRegex{},
		MatchesWithoutValue: false,
		IfFilter:            false,
		OnFailure:           false,
		FailPolicyIgnored:   nil,
		// Codex runs a hook in the session's working directory, the
		// input's cwd.
		RunsInProjectDir: false,
		// Codex sets no variable for its hooks (no CODEX_PROJECT_DIR, no
		// CLAUDE_PROJECT_DIR): hookexec still gives every hook the
		// variables of the other agents (agents.Env), so a
		// "$CLAUDE_PROJECT_DIR"/x.sh policy runs through hookexec where it
		// exits 127 under Codex.
		ProjectVar: "",
		// None: Codex sets no variable for its hooks. Its npm launcher sets
		// CODEX_MANAGED_PACKAGE_ROOT (make e2e), but not every install
		// does, and a marker is for agents a repository can set hook
		// variables through (trust.UnderAgent), which Codex offers none
		// of: its hooks get its own environment (command_runner.rs).
		Markers:    nil,
		SessionVar: "",
		CwdVar:     "",
		PastedVars: nil,
		PasteQuote: nil,
		Reads:      Reads{},
		Format:     Name,
		Answer:     answer(),
		HookName:   "",
		// The project trusted in config.toml, and each hook by its hash.
		Enable:   TrustStep{},
		AlsoRuns: nil,
	}
}

// eventKey is Codex's name for ev: its Claude name, when Codex has the
// event. They are Codex CLI 0.169.0's hook events that hookexec's
// catalogue has, in the order Codex lists them (codex app-server's
// hooks/list); Codex's Interrupt has no catalogue event, and StopFailure
// is not an event of 0.169.0.
func eventKey(ev event.Event) (string, bool) {
	switch ev.Claude {
	case "SessionStart", "SubagentStart", "PreToolUse", "PermissionRequest", "PostToolUse",
		"PreCompact", "PostCompact", "SessionEnd", "UserPromptSubmit", "SubagentStop", "Stop":
		return ev.Claude, true
	}
	return "", false
}

// Tools are Codex CLI's tools by family, as its hook events name them:
// Bash for every shell command (its exec_command tool) and apply_patch
// for every file edit (make e2e); the others are the tools 0.169.0 offered
// the model in make e2e (and spawn_agent, with its Agent alias, from its
// source: codex-rs/tools), by their own names.
func Tools() agent.Tools {
	return agent.Tools{
		{Name: "Bash", Family: agent.FamilyShell},
		// Codex matches Write and Edit matchers to apply_patch, though
		// the hook is told tool_name "apply_patch".
		{Name: "apply_patch", Family: agent.FamilyEdit, Aliases: []string{"Write", "Edit"}},
		{Name: "spawn_agent", Family: agent.FamilyAgent, Aliases: []string{"Agent"}},
		{Name: "view_image", Family: agent.FamilyRead},
		{Name: "write_stdin", Family: agent.FamilyOther},
		{Name: "request_user_input", Family: agent.FamilyOther},
		{Name: "get_goal", Family: agent.FamilyOther},
		{Name: "create_goal", Family: agent.FamilyOther},
		{Name: "update_goal", Family: agent.FamilyOther},
	}
}
