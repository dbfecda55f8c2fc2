package llxprt

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookexec/hookexec/internal/agents/gemini"
	"github.com/hookexec/hookexec/internal/reading"
)

// TestGeminiFamily: LLxprt Code, a fork of Gemini CLI, answers in Gemini's
// format and keeps its tool names and event names, but reads a hook's exit
// status as SPEC §4.6 says, pastes no variables and needs no switch.
func TestGeminiFamily(t *testing.T) {
	t.Parallel()
	a, g := Agent(), gemini.Agent()
	assert.Equal(t, gemini.Name, a.Format)
	assert.Equal(t, g.Tools, a.Tools)
	assert.Equal(t, g.DefaultEvents, a.DefaultEvents)
	assert.Equal(t, reading.Spec{}, a.Reads)
	assert.Nil(t, a.PastedVars)
	assert.Nil(t, a.Enable)
}
