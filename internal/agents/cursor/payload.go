package cursor

import (
	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
)

// payload reads Cursor's stdin into the normalized view. The per-tool
// events carry their fields at the top level (beforeShellExecution:
// command, cwd; beforeReadFile: file_path, content; afterFileEdit:
// file_path, edits; beforeMCPExecution: tool_name, tool_input as a JSON
// string); the generic tool events carry tool_name and tool_input (Shell:
// {command, cwd, timeout}; Read: {file_path}); beforeSubmitPrompt carries
// prompt.
func payload(key string, in *event.Input) agent.View {
	str := func(name string) string { s, _ := in.String(name); return s }
	switch key {
	case "beforeShellExecution", "afterShellExecution":
		return agent.View{Tool: "Shell", Family: agent.FamilyShell, Command: str("command")}
	case "beforeMCPExecution", "afterMCPExecution":
		return agent.View{Tool: "MCP:" + str("tool_name"), Family: agent.FamilyMCP}
	case "beforeReadFile":
		return agent.View{Tool: "Read", Family: agent.FamilyRead, Paths: agent.NonEmpty(str("file_path"))}
	case "afterFileEdit":
		return agent.View{Tool: "Write", Family: agent.FamilyEdit, Paths: agent.NonEmpty(str("file_path")), Content: agent.NewStrings(in.Value("edits"))}
	case "beforeSubmitPrompt":
		return agent.View{Prompt: str("prompt")}
	}
	name := str("tool_name")
	v := agent.View{Tool: name}
	if name != "" {
		v.Family, _ = Tools().FamilyOf(name, "MCP:")
	}
	ti := in.Object("tool_input")
	v.Command = agent.StringOf(ti, "command")
	v.Paths = agent.PathsOf(ti, "file_path", "path")
	v.Content = agent.StringOf(ti, "content", "contents", "new_string")
	return v
}
