package windsurf

import (
	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
)

// payload reads Windsurf's stdin into the normalized view: everything is
// in tool_info (command_line and cwd; file_path and edits;
// mcp_server_name, mcp_tool_name and mcp_tool_arguments; user_prompt).
func payload(key string, in *event.Input) agent.View {
	info := in.Object("tool_info")
	switch key {
	case "pre_run_command", "post_run_command":
		return agent.View{Tool: "run_command", Family: agent.FamilyShell, Command: agent.StringOf(info, "command_line")}
	case "pre_read_code", "post_read_code":
		return agent.View{Tool: "read_code", Family: agent.FamilyRead, Paths: agent.PathsOf(info, "file_path")}
	case "pre_write_code", "post_write_code":
		return agent.View{Tool: "write_code", Family: agent.FamilyEdit, Paths: agent.PathsOf(info, "file_path"), Content: agent.NewStrings(info["edits"])}
	case "pre_mcp_tool_use", "post_mcp_tool_use":
		return agent.View{Tool: agent.StringOf(info, "mcp_tool_name"), Family: agent.FamilyMCP}
	case "pre_user_prompt":
		return agent.View{Prompt: agent.StringOf(info, "user_prompt")}
	}
	return agent.View{}
}
