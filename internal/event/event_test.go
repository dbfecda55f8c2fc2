package event

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestResolveAliasesAndCase(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, want string }{
		{"BeforeTool", "BeforeTool"},
		{"PreToolUse", "BeforeTool"},
		{"pretooluse", "BeforeTool"},
		{"BEFORETOOL", "BeforeTool"},
		{"UserPromptSubmit", "BeforeAgent"},
		{"Stop", "AfterAgent"},
		{"PreCompact", "PreCompress"},
		{"PermissionRequest", "PermissionRequest"},
		{"sessionstart", "SessionStart"},
	} {
		ev, err := Resolve(tc.name)
		require.NoError(t, err, tc.name)
		assert.Equal(t, tc.want, ev.Name, tc.name)
	}
}

func TestResolveUnknownSuggests(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ name, suggestion string }{
		{"BeforeTol", "BeforeTool"},
		{"PreToolUs", "PreToolUse"},
		{"sesionstart", "SessionStart"},
		{"Notifcation", "Notification"},
		{"xyzzy", ""},
	} {
		_, err := Resolve(tc.name)
		var ue *UnknownError
		require.True(t, errors.As(err, &ue), tc.name)
		assert.Equal(t, tc.suggestion, ue.Suggestion, tc.name)
		if tc.suggestion != "" {
			assert.Contains(t, err.Error(), `did you mean "`+tc.suggestion+`"`)
		} else {
			assert.Contains(t, err.Error(), "known events: BeforeTool, PreToolUse")
		}
	}
}

func TestByKeyIsExact(t *testing.T) {
	t.Parallel()
	ev, ok := ByKey("PreToolUse")
	require.True(t, ok)
	assert.Equal(t, "BeforeTool", ev.Name)
	_, ok = ByKey("pretooluse")
	assert.False(t, ok, "config keys are case-sensitive")
}

func TestCatalogueFacts(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, field string
		strategy    Strategy
		canBlock    bool
	}{
		{"BeforeTool", "tool_name", StrategyDecision, true},
		{"BeforeAgent", "", StrategyDecision, true},
		{"BeforeModel", "", StrategyReplace, true},
		{"BeforeToolSelection", "", StrategyToolSelection, false},
		{"SessionStart", "source", StrategyDecision, false},
		{"Notification", "notification_type", StrategyReplace, false},
		{"SubagentStop", "agent_type", StrategyDecision, true},
		{"PostToolUseFailure", "tool_name", StrategyDecision, false},
	} {
		ev, err := Resolve(tc.name)
		require.NoError(t, err)
		assert.Equal(t, tc.field, ev.MatchField, tc.name)
		assert.Equal(t, tc.strategy, ev.Strategy, tc.name)
		assert.Equal(t, tc.canBlock, ev.CanBlock, tc.name)
	}
	assert.Len(t, All(), 36)
	assert.Equal(t, []string{"BeforeTool", "PreToolUse"}, All()[0].Keys())
	assert.Equal(t, []string{"PermissionRequest"}, All()[11].Keys())
}

func TestSuggest(t *testing.T) {
	t.Parallel()
	assert.Equal(t, "PreCompact", Suggest("Compact"), "a fragment of a longer name")
}
