package event

import (
	"path"
	"strings"
)

// Plain is how the plain-text stdout (not a JSON object) of a hook that
// exited 0 is read (SPEC §4.6).
type Plain int

const (
	// PlainMessage: the text is a systemMessage.
	PlainMessage Plain = iota
	// PlainContext: for a claude-dialect hook the text is
	// hookSpecificOutput.additionalContext (Claude Code adds such stdout
	// to the model's context), else a systemMessage.
	PlainContext
	// PlainWorktreePath: the last line of the text is
	// hookSpecificOutput.worktreePath, whatever the dialect (Claude Code's
	// WorktreeCreate: a command hook prints the path it created).
	PlainWorktreePath
)

// catalogue is every event hookexec knows (SPEC §1): the LLxprt / Gemini
// CLI events with their Claude Code aliases, then the events only Claude
// Code has, as Claude Code 2.1.328 lists them (33 Claude events in all).
// The match fields, and which events can block, are those of Claude
// Code 2.1.328 (docs/claude-events.md says where each fact comes from).
var catalogue = []Event{
	{Name: "BeforeTool", Claude: "PreToolUse", MatchField: "tool_name", Strategy: StrategyDecision, CanBlock: true, Chain: ChainToolInput},
	{Name: "AfterTool", Claude: "PostToolUse", MatchField: "tool_name", Strategy: StrategyDecision, CanBlock: true},
	{Name: "BeforeAgent", Claude: "UserPromptSubmit", Strategy: StrategyDecision, CanBlock: true, Chain: ChainPrompt, Plain: PlainContext},
	{Name: "AfterAgent", Claude: "Stop", Strategy: StrategyDecision, CanBlock: true},
	{Name: "BeforeModel", Strategy: StrategyReplace, CanBlock: true, Chain: ChainLLMRequest},
	{Name: "AfterModel", Strategy: StrategyReplace, CanBlock: true},
	{Name: "BeforeToolSelection", Strategy: StrategyToolSelection},
	{Name: "SessionStart", Claude: "SessionStart", MatchField: "source", Strategy: StrategyDecision, Plain: PlainContext},
	{Name: "SessionEnd", Claude: "SessionEnd", MatchField: "reason", Strategy: StrategyReplace},
	{Name: "PreCompress", Claude: "PreCompact", MatchField: "trigger", Strategy: StrategyDecision, CanBlock: true},
	{Name: "Notification", Claude: "Notification", MatchField: "notification_type", Strategy: StrategyReplace},
	claudeOnly("PermissionRequest", "tool_name", StrategyDecision, true),
	claudeOnly("PostToolUseFailure", "tool_name", StrategyDecision, false),
	claudeOnly("SubagentStart", "agent_type", StrategyReplace, false),
	claudeOnly("SubagentStop", "agent_type", StrategyDecision, true),
	claudeOnly("PostCompact", "trigger", StrategyReplace, false),
	// Added for Claude Code 2.1.3xx (issue 17).
	claudeOnly("PostToolBatch", "", StrategyDecision, true),
	claudeOnly("PermissionDenied", "tool_name", StrategyDecision, false),
	withPlain(claudeOnly("UserPromptExpansion", "command_name", StrategyDecision, true), PlainContext),
	claudeOnly("MessageDisplay", "", StrategyReplace, false),
	claudeOnly("StopFailure", "error", StrategyReplace, false),
	claudeOnly("TaskCreated", "", StrategyDecision, true),
	claudeOnly("TaskCompleted", "", StrategyDecision, true),
	claudeOnly("TeammateIdle", "", StrategyDecision, true),
	claudeOnly("Setup", "trigger", StrategyDecision, false),
	claudeOnly("InstructionsLoaded", "load_reason", StrategyReplace, false),
	claudeOnly("ConfigChange", "source", StrategyDecision, true),
	claudeOnly("CwdChanged", "", StrategyDecision, false),
	{Name: "FileChanged", Claude: "FileChanged", ClaudeOnly: true, MatchField: "file_path", MatchBase: true, Strategy: StrategyDecision},
	claudeOnly("DirectoryAdded", "source", StrategyReplace, false),
	withPlain(claudeOnly("WorktreeCreate", "", StrategyDecision, true), PlainWorktreePath),
	claudeOnly("WorktreeRemove", "", StrategyReplace, false),
	claudeOnly("Elicitation", "mcp_server_name", StrategyDecision, true),
	claudeOnly("ElicitationResult", "mcp_server_name", StrategyDecision, true),
	claudeOnly("PreModelSwitch", "to_model", StrategyDecision, true),
	withPlain(claudeOnly("PostModelSwitch", "to_model", StrategyDecision, false), PlainContext),
}

// claudeOnly is an event only Claude Code has: its Claude name is its
// canonical name.
func claudeOnly(name, matchField string, s Strategy, canBlock bool) Event {
	return Event{Name: name, Claude: name, ClaudeOnly: true, MatchField: matchField, Strategy: s, CanBlock: canBlock}
}

func withPlain(e Event, p Plain) Event {
	e.Plain = p
	return e
}

// Unknown is the event hookexec runs for a name that is not in the
// catalogue (a newer agent's event), under an agent format only: the hooks
// registered under exactly that key, matchers ignored (hookexec does not
// know what they would be tested against, and running a guard is the safe
// side), merged as decisions, and able to block, so that a hook's deny is
// never turned into a pass.
func Unknown(name string) Event {
	return Event{Name: name, Claude: name, ClaudeOnly: true, Strategy: StrategyDecision, CanBlock: true, Unknown: true}
}

// MatchValue is the value in's matchers are tested against for e: the
// string at MatchField (its last path element with MatchBase); has is
// false when e has no match field or in lacks it.
func (e Event) MatchValue(in *Input) (value string, has bool) {
	if e.MatchField == "" || in == nil {
		return "", false
	}
	value, has = in.String(e.MatchField)
	if has && e.MatchBase && value != "" {
		value = path.Base(strings.ReplaceAll(value, `\`, "/"))
	}
	return value, has
}
