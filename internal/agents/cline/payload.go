package cline

import (
	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
)

// payload reads Cline's stdin into the normalized view: the hook's own
// object (preToolUse, postToolUse: {toolName, parameters};
// userPromptSubmit: {prompt}). Parameters are the tool's XML parameters:
// execute_command {command}, read_file/write_to_file/replace_in_file
// {path, content, diff}, use_mcp_tool {server_name, tool_name}.
func payload(key string, in *event.Input) agent.View {
	switch key {
	case "UserPromptSubmit":
		return agent.View{Prompt: agent.StringOf(in.Object("userPromptSubmit"), "prompt")}
	case "PreToolUse", "PostToolUse":
	default:
		return agent.View{}
	}
	call := in.Object("preToolUse")
	if key == "PostToolUse" {
		call = in.Object("postToolUse")
	}
	name := agent.StringOf(call, "toolName")
	v := agent.View{Tool: name}
	if name == "" {
		return v
	}
	v.Family, _ = Tools().FamilyOf(name, "")
	params, _ := call["parameters"].(map[string]any)
	if v.Family == agent.FamilyShell {
		v.Command = agent.StringOf(params, "command")
	}
	v.Paths = agent.PathsOf(params, "path")
	v.Content = agent.StringOf(params, "content", "diff")
	return v
}
