package goose

import (
	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
)

// Payload reads goose's hook input into the normalized view: tool_name,
// and in tool_input the shell command ("command"), the path ("path") and
// the text put in the file ("content", else an edit's "after"); the prompt
// is in "message". Fields of another type are left out.
func Payload(_ string, in *event.Input) agent.View {
	var v agent.View
	if in == nil {
		return v
	}
	v.Tool, _ = in.String("tool_name")
	v.Prompt, _ = in.String("message")
	ti := in.Object("tool_input")
	v.Command, _ = ti["command"].(string)
	if p, _ := ti["path"].(string); p != "" {
		v.Paths = []string{p}
	}
	for _, k := range []string{"content", "after"} {
		if s, _ := ti[k].(string); s != "" {
			v.Content = s
			break
		}
	}
	return v
}
