package kiro

import (
	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
)

// payload reads Kiro's stdin into the normalized view: tool_name and
// tool_input as Claude Code sends them, but with Kiro's own tool inputs
// (shell: {command}; write: {command: "create" | "str_replace" | ...,
// path, file_text, new_str}; read: {operations: [{mode, path}]}), and the
// prompt at the top level on userPromptSubmit.
func payload(key string, in *event.Input) agent.View {
	if key == "userPromptSubmit" {
		prompt, _ := in.String("prompt")
		return agent.View{Prompt: prompt}
	}
	name, _ := in.String("tool_name")
	v := agent.View{Tool: name}
	if name == "" {
		return v
	}
	v.Family, _ = Tools().FamilyOf(name, "@")
	ti := in.Object("tool_input")
	if v.Family == agent.FamilyShell {
		// write's "command" is its operation, not a shell command.
		v.Command = agent.StringOf(ti, "command")
	}
	v.Paths = agent.PathsOf(ti, "path", "file_path")
	ops, _ := ti["operations"].([]any)
	for _, op := range ops {
		m, _ := op.(map[string]any)
		v.Paths = append(v.Paths, agent.PathsOf(m, "path")...)
	}
	v.Content = agent.StringOf(ti, "file_text", "new_str", "content")
	return v
}
