package tabnine

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/agents/agenttest"
	"github.com/hookexec/hookexec/internal/agents/gemini"
)

func TestShellSample(t *testing.T) {
	t.Parallel()
	agenttest.CheckShellSample(t, Agent())
}

// TestGeminiFamily: Tabnine CLI reads Gemini CLI's answers, tools and event
// names, from .tabnine/agent/settings.json in both scopes, and needs no
// hooksConfig switch (enabled by default).
func TestGeminiFamily(t *testing.T) {
	t.Parallel()
	a, g := Agent(), gemini.Agent()
	assert.Equal(t, gemini.Name, a.Format)
	assert.Zero(t, a.Answer)
	assert.Equal(t, g.Tools, a.Tools)
	assert.Equal(t, g.DefaultEvents, a.DefaultEvents)
	assert.Equal(t, "/p/.tabnine/agent/settings.json", a.SettingsPath(agent.ProjectScope, "/p", "/h"))
	assert.Equal(t, "/h/.tabnine/agent/settings.json", a.SettingsPath(agent.UserScope, "/p", "/h"))
	assert.Equal(t, int64(5000), a.Units(5e9))
}
