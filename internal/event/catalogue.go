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
	{Name: "PermissionRequest", Claude: "PermissionRequest", ClaudeOnly: true, MatchField: "tool_name", Strategy: StrategyDecision, CanBlock: true},
	{Name: "PostToolUseFailure", Claude: "PostToolUseFailure", ClaudeOnly: true, MatchField: "tool_name", Strategy: StrategyDecision},
	{Name: "SubagentStart", Claude: "SubagentStart", ClaudeOnly: true, MatchField: "agent_type", Strategy: StrategyReplace},
	{Name: "SubagentStop", Claude: "SubagentStop", ClaudeOnly: true, MatchField: "agent_type", Strategy: StrategyDecision, CanBlock: true},
	{Name: "PostCompact", Claude: "PostCompact", ClaudeOnly: true, MatchField: "trigger", Strategy: StrategyReplace},
	// Added for Claude Code 2.1.3xx.
	{Name: "PostToolBatch", Claude: "PostToolBatch", ClaudeOnly: true, Strategy: StrategyDecision, CanBlock: true},
	{Name: "PermissionDenied", Claude: "PermissionDenied", ClaudeOnly: true, MatchField: "tool_name", Strategy: StrategyDecision},
	{Name: "UserPromptExpansion", Claude: "UserPromptExpansion", ClaudeOnly: true, MatchField: "command_name", Strategy: StrategyDecision, CanBlock: true, Plain: PlainContext},
	{Name: "MessageDisplay", Claude: "MessageDisplay", ClaudeOnly: true, Strategy: StrategyReplace},
	{Name: "StopFailure", Claude: "StopFailure", ClaudeOnly: true, MatchField: "error", Strategy: StrategyReplace},
	{Name: "TaskCreated", Claude: "TaskCreated", ClaudeOnly: true, Strategy: StrategyDecision, CanBlock: true},
	{Name: "TaskCompleted", Claude: "TaskCompleted", ClaudeOnly: true, Strategy: StrategyDecision, CanBlock: true},
	{Name: "TeammateIdle", Claude: "TeammateIdle", ClaudeOnly: true, Strategy: StrategyDecision, CanBlock: true},
	{Name: "Setup", Claude: "Setup", ClaudeOnly: true, MatchField: "trigger", Strategy: StrategyDecision},
	{Name: "InstructionsLoaded", Claude: "InstructionsLoaded", ClaudeOnly: true, MatchField: "load_reason", Strategy: StrategyReplace},
	{Name: "ConfigChange", Claude: "ConfigChange", ClaudeOnly: true, MatchField: "source", Strategy: StrategyDecision, CanBlock: true},
	{Name: "CwdChanged", Claude: "CwdChanged", ClaudeOnly: true, Strategy: StrategyDecision},
	{Name: "FileChanged", Claude: "FileChanged", ClaudeOnly: true, MatchField: "file_path", MatchBase: true, Strategy: StrategyDecision},
	{Name: "DirectoryAdded", Claude: "DirectoryAdded", ClaudeOnly: true, MatchField: "source", Strategy: StrategyReplace},
	{Name: "WorktreeCreate", Claude: "WorktreeCreate", ClaudeOnly: true, Strategy: StrategyDecision, CanBlock: true, Plain: PlainWorktreePath},
	{Name: "WorktreeRemove", Claude: "WorktreeRemove", ClaudeOnly: true, Strategy: StrategyReplace},
	{Name: "Elicitation", Claude: "Elicitation", ClaudeOnly: true, MatchField: "mcp_server_name", Strategy: StrategyDecision, CanBlock: true},
	{Name: "ElicitationResult", Claude: "ElicitationResult", ClaudeOnly: true, MatchField: "mcp_server_name", Strategy: StrategyDecision, CanBlock: true},
	{Name: "PreModelSwitch", Claude: "PreModelSwitch", ClaudeOnly: true, MatchField: "to_model", Strategy: StrategyDecision, CanBlock: true},
	{Name: "PostModelSwitch", Claude: "PostModelSwitch", ClaudeOnly: true, MatchField: "to_model", Strategy: StrategyDecision, Plain: PlainContext},
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
