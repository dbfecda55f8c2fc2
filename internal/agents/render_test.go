package agents

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/agents/claude"
	"github.com/hookexec/hookexec/internal/agents/gemini"
	"github.com/hookexec/hookexec/internal/testevent"
	"github.com/hookexec/hookexec/internal/verdict"
)

func TestParseFormat(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]verdict.Format{
		"": verdict.FormatResult, "result": verdict.FormatResult, "claude": "claude", " Gemini ": "gemini", "CLAUDE": "claude", //nolint:gocritic // mapKey: the spaces are the test
	} {
		f, err := ParseFormat(in)
		require.NoError(t, err, in)
		assert.Equal(t, want, f, in)
	}
	_, err := ParseFormat("llxprt")
	assert.EqualError(t, err, `unknown format "llxprt" (supported: `+strings.Join(FormatNames(), ", ")+`)`)
	assert.Equal(t, []string{"result", "claude", "gemini"}, FormatNames()[:3])
}

// The renderers never modify the verdict's maps.
func TestRenderDoesNotModifyVerdict(t *testing.T) {
	t.Parallel()
	hso := map[string]any{"updatedInput": map[string]any{"a": "1"}, "tool_input": map[string]any{"b": "2"}}
	v := verdict.Verdict{Continue: true, HookSpecificOutput: hso}
	gemini.RenderOutput(testevent.Get(t, "BeforeTool"), v, verdict.AgentInput{})
	claude.RenderOutput(testevent.Get(t, "BeforeTool"), v, verdict.AgentInput{ToolInput: func() map[string]any { return map[string]any{"command": "ls"} }})
	assert.Equal(t, map[string]any{"updatedInput": map[string]any{"a": "1"}, "tool_input": map[string]any{"b": "2"}}, hso)
}

func TestRenderResult(t *testing.T) {
	t.Parallel()
	v := verdict.Verdict{Event: "BeforeTool", Continue: true, Hooks: []verdict.HookReport{}}
	assert.Equal(t, v, Render(verdict.FormatResult, testevent.Get(t, "BeforeTool"), v, verdict.AgentInput{}))
}
