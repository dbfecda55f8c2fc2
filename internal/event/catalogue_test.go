package event

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// claudeEvents are the hook events of Claude Code 2.1.328, in the order of
// its own list (the names its settings accept).
var claudeEvents = []string{
	"PreToolUse", "PostToolUse", "PostToolUseFailure", "PostToolBatch", "Notification", "UserPromptSubmit",
	"UserPromptExpansion", "SessionStart", "SessionEnd", "Stop", "StopFailure", "SubagentStart", "SubagentStop",
	"PreCompact", "PostCompact", "PreModelSwitch", "PostModelSwitch", "PermissionRequest", "PermissionDenied",
	"Setup", "TeammateIdle", "TaskCreated", "TaskCompleted", "Elicitation", "ElicitationResult", "ConfigChange",
	"WorktreeCreate", "WorktreeRemove", "InstructionsLoaded", "CwdChanged", "FileChanged", "DirectoryAdded",
	"MessageDisplay",
}

// Every Claude Code event is known by its exact Claude name, as a config
// key and on the command line (SPEC §1).
func TestCatalogueHasEveryClaudeEvent(t *testing.T) {
	t.Parallel()
	require.Len(t, claudeEvents, 33)
	claude := map[string]bool{}
	for _, name := range claudeEvents {
		ev, ok := ByKey(name)
		require.True(t, ok, name)
		assert.Equal(t, name, ev.Claude, name)
		assert.False(t, ev.Unknown, name)
		claude[name] = true
	}
	for _, ev := range All() {
		if ev.Claude != "" {
			assert.True(t, claude[ev.Claude], "%s is not a Claude Code event", ev.Claude)
		}
		if ev.ClaudeOnly {
			assert.Equal(t, []string{ev.Name}, ev.Keys(), "a Claude-only event keeps its Claude name")
		}
	}
}

// The new events' match field, strategy and blocking, as Claude Code
// 2.1.328 has them (docs/claude-events.md).
func TestCatalogueClaudeEvents(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, field string
		strategy    Strategy
		canBlock    bool
	}{
		{"PostToolBatch", "", StrategyDecision, true},
		{"PermissionDenied", "tool_name", StrategyDecision, false},
		{"UserPromptExpansion", "command_name", StrategyDecision, true},
		{"MessageDisplay", "", StrategyReplace, false},
		{"StopFailure", "error", StrategyReplace, false},
		{"TaskCreated", "", StrategyDecision, true},
		{"TaskCompleted", "", StrategyDecision, true},
		{"TeammateIdle", "", StrategyDecision, true},
		{"Setup", "trigger", StrategyDecision, false},
		{"InstructionsLoaded", "load_reason", StrategyReplace, false},
		{"ConfigChange", "source", StrategyDecision, true},
		{"CwdChanged", "", StrategyDecision, false},
		{"FileChanged", "file_path", StrategyDecision, false},
		{"DirectoryAdded", "source", StrategyReplace, false},
		{"WorktreeCreate", "", StrategyDecision, true},
		{"WorktreeRemove", "", StrategyReplace, false},
		{"Elicitation", "mcp_server_name", StrategyDecision, true},
		{"ElicitationResult", "mcp_server_name", StrategyDecision, true},
		{"PreModelSwitch", "to_model", StrategyDecision, true},
		{"PostModelSwitch", "to_model", StrategyDecision, false},
	} {
		ev, err := Resolve(tc.name)
		require.NoError(t, err, tc.name)
		assert.Equal(t, tc.name, ev.Name)
		assert.True(t, ev.ClaudeOnly, tc.name)
		assert.Equal(t, tc.field, ev.MatchField, tc.name)
		assert.Equal(t, tc.strategy, ev.Strategy, tc.name)
		assert.Equal(t, tc.canBlock, ev.CanBlock, tc.name)
		assert.Equal(t, ChainNone, ev.Chain, tc.name)
	}
	for name, want := range map[string]Plain{
		"UserPromptSubmit": PlainContext, "UserPromptExpansion": PlainContext, "SessionStart": PlainContext,
		"PostModelSwitch": PlainContext, "WorktreeCreate": PlainWorktreePath, "Stop": PlainMessage, "Setup": PlainMessage,
	} {
		ev, err := Resolve(name)
		require.NoError(t, err)
		assert.Equal(t, want, ev.Plain, name)
	}
}

func TestMatchValue(t *testing.T) {
	t.Parallel()
	in, err := ParseInput([]byte(`{"file_path":"/p/src/.envrc","tool_name":"Bash","win":"C:\\p\\.env"}`), time.Now(), "/")
	require.NoError(t, err)
	for _, tc := range []struct {
		ev    Event
		value string
		has   bool
	}{
		{mustResolve(t, "FileChanged"), ".envrc", true},
		{mustResolve(t, "PreToolUse"), "Bash", true},
		{mustResolve(t, "PostToolBatch"), "", false},
		{mustResolve(t, "SessionStart"), "", false},
		{Event{MatchField: "win", MatchBase: true}, ".env", true},
		{Unknown("SomeFutureEvent"), "", false},
	} {
		value, has := tc.ev.MatchValue(in)
		assert.Equal(t, tc.value, value, tc.ev.Name)
		assert.Equal(t, tc.has, has, tc.ev.Name)
	}
	_, has := mustResolve(t, "PreToolUse").MatchValue(nil)
	assert.False(t, has)
}

func TestUnknown(t *testing.T) {
	t.Parallel()
	ev := Unknown("SomeFutureEvent")
	assert.Equal(t, Event{Name: "SomeFutureEvent", Claude: "SomeFutureEvent", ClaudeOnly: true, Strategy: StrategyDecision, CanBlock: true, Unknown: true}, ev)
	assert.Equal(t, []string{"SomeFutureEvent"}, ev.Keys())
	_, err := Resolve("SomeFutureEvent")
	assert.Error(t, err, "the catalogue itself still does not know it")
}

func mustResolve(t *testing.T, name string) Event {
	t.Helper()
	ev, err := Resolve(name)
	require.NoError(t, err)
	return ev
}
