package kimi

import (
	"bytes"
	"encoding/json"
	"time"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/agents/claude"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/matcher"
	"github.com/hookexec/hookexec/internal/verdict"
)

// Name is Kimi Code's name on the command line, its dialect's and its
// format's.
const Name = "kimi"

// eventKeys are the catalogue's events Kimi Code fires, by their Claude
// names. Its own events (UserPromptQueued, TurnStarted, PermissionResult,
// SessionHeartbeat, TaskStarted, Interrupt) only observe and have no
// catalogue event.
var eventKeys = []string{
	"UserPromptSubmit", "PreToolUse", "Stop", "PostToolUse", "PostToolUseFailure",
	"PermissionRequest", "SessionStart", "SessionEnd", "SubagentStart", "SubagentStop",
	"StopFailure", "PreCompact", "PostCompact", "Notification",
}

// Agent describes Kimi Code CLI.
func Agent() agent.Agent {
	return agent.Agent{
		Name:         Name,
		Title:        "Kimi Code",
		Dir:          ".kimi-code",
		SettingsFile: "config.toml",
		ProjectFile:  "-", // user scope only
		UserFile:     "",
		// $KIMI_CODE_HOME replaces ~/.kimi-code when set.
		HomeVar:    "KIMI_CODE_HOME",
		ConfigDirs: nil,
		Layout:     agent.LayoutTOML,
		// A [[hooks]] table: event, matcher, command, timeout, fail_mode.
		Flat: agent.Flat{Version: 0, Command: "command", WindowsCommand: "", Timeout: "timeout", Matcher: "matcher", Type: false},
		// TOML: # comments are part of the format.
		SettingsComments: true,
		PluginManifest:   "",
		PluginRootVar:    "",
		Events:           claude.EventsOf(eventKeys),
		// The events that can block.
		DefaultEvents:  []string{"PreToolUse", "UserPromptSubmit", "Stop"},
		Aliases:        nil,
		Tools:          Tools(),
		MCPPrefix:      "",  // not documented
		Payload:        nil, // Claude-shaped (tool_name, tool_input)
		TimeoutUnit:    time.Second,
		DefaultTimeout: 30 * time.Second,
		// A timeout over 600 s makes Kimi Code refuse its config.toml.
		MaxTimeout:  600 * time.Second,
		Shells:      []string{"sh"},
		ShellValues: nil,
		// A JavaScript regular expression, unanchored.
		Matchers:          matcher.JSRegexOrExact{},
		IfFilter:          false,
		OnFailure:         false, // its switch is fail_mode = "closed"
		FailPolicyIgnored: nil,
		RunsInProjectDir:  true,
		ProjectVar:        "", // not documented
		Markers:           nil,
		SessionVar:        "",
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

// answer is Claude Code's, except that every block also exits 2 with the
// reason on stderr.
func answer() agent.Answer {
	a := claude.Answer()
	a.ExitBlocked = func(_ event.Event, v verdict.Verdict) bool { return v.Blocked }
	a.Blocks = Blocks
	return a
}

// blockable are the Claude names of the events whose answer Kimi Code
// reads; the others only observe.
func blockable(name string) bool {
	switch name {
	case "PreToolUse", "Stop", "UserPromptSubmit":
		return true
	}
	return false
}

// Blocks is how Kimi Code reads one hook's answer on the events that can
// block: exit 2, or on exit 0 a JSON hookSpecificOutput.permissionDecision
// "deny"; any other status lets the operation go on (fail-open).
func Blocks(ev event.Event, stdout []byte, status int) bool {
	if !blockable(ev.Claude) {
		return false
	}
	if status == 2 {
		return true
	}
	var out struct {
		HSO struct {
			PermissionDecision string `json:"permissionDecision"`
		} `json:"hookSpecificOutput"`
	}
	return status == 0 && json.Unmarshal(bytes.TrimSpace(stdout), &out) == nil && out.HSO.PermissionDecision == "deny"
}

// Tools are the Kimi Code tools its documentation names.
func Tools() agent.Tools {
	return agent.Tools{
		{Name: "Bash", Family: agent.FamilyShell},
		{Name: "ReadFile", Family: agent.FamilyRead},
		{Name: "WriteFile", Family: agent.FamilyWrite},
		{Name: "StrReplaceFile", Family: agent.FamilyEdit},
	}
}
