package iflow

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookexec/hookexec/internal/agents/agenttest"
	"github.com/hookexec/hookexec/internal/testevent"
)

func TestShellSample(t *testing.T) {
	t.Parallel()
	agenttest.CheckShellSample(t, Agent())
}

// TestEvents: iFlow's nine events are eight of Claude Code's and
// SetUpEnvironment, a SessionStart.
func TestEvents(t *testing.T) {
	t.Parallel()
	a := Agent()
	for _, name := range []string{"BeforeTool", "AfterTool", "AfterAgent", "SubagentStop", "SessionStart", "SessionEnd", "BeforeAgent", "Notification"} {
		_, ok := a.EventKey(testevent.Get(t, name))
		assert.True(t, ok, name)
	}
	for _, name := range []string{"PreCompress", "PermissionRequest", "BeforeModel"} {
		_, ok := a.EventKey(testevent.Get(t, name))
		assert.False(t, ok, name)
	}
	assert.Equal(t, "SessionStart", a.Aliases[0].Event)
	assert.Equal(t, "SetUpEnvironment", a.Aliases[0].Key)
}
