package goose

import (
	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
)

// Payload reads goose's hook input into the normalized view: as Claude
// Code's (tool_name; tool_input's command, path and content), with the
// prompt in "message" and an edit's new text in tool_input's "after".
// Fields of another type are left out.
func Payload(key string, in *event.Input) agent.View {
	v := agent.ClaudePayload(key, in)
	if in == nil {
		return v
	}
	if v.Prompt == "" {
		v.Prompt, _ = in.String("message")
	}
	if v.Content == "" {
		v.Content, _ = in.Object("tool_input")["after"].(string)
	}
	return v
}
