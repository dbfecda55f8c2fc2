package codex

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
)

// TestPayload: the inputs are those Codex 0.169.0 sent its hooks in make e2e.
func TestPayload(t *testing.T) {
	t.Parallel()
	read := func(s string) *event.Input {
		in, err := event.ParseInput([]byte(s), time.Now(), "/")
		require.NoError(t, err)
		return in
	}
	v := payload("PreToolUse", read(`{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":{"command":"rm -r victim"}}`))
	assert.Equal(t, agent.View{Tool: "Bash", Family: agent.FamilyShell, Command: "rm -r victim"}, v)
	p := "*** Begin Patch\n*** Add File: notes.txt\n+hello\n*** Update File: a/b.go\n*** Move to: a/c.go\n@@\n*** Delete File: old.txt\n*** Add File: notes.txt\n*** End Patch\n"
	v = payload("PreToolUse", read(`{"tool_name":"apply_patch","tool_input":{"command":`+quoteJSON(p)+`}}`))
	assert.Equal(t, agent.View{Tool: "apply_patch", Family: agent.FamilyEdit, Content: p, Paths: []string{"notes.txt", "a/b.go", "a/c.go", "old.txt"}}, v)
	v = payload("PreToolUse", read(`{"tool_name":"mcp__fs__write","tool_input":{"command":"x"}}`))
	assert.Equal(t, agent.View{Tool: "mcp__fs__write", Family: agent.FamilyMCP}, v)
	v = payload("UserPromptSubmit", read(`{"prompt":"hi"}`))
	assert.Equal(t, agent.View{Prompt: "hi"}, v)
}

func quoteJSON(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
