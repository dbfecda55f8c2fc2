package cline

import (
	"encoding/json"
	"strings"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
)

// payload reads Cline's stdin into the normalized view. The cline CLI 3.0
// sends the tool call as it is (tool_call: {id, name, input}, on
// PostToolUse tool_result) beside the extension's shape (preToolUse,
// postToolUse: {toolName, parameters}, every parameter a string, an array
// JSON-encoded); the raw input is read first. run_commands takes
// {commands: [...]}, editor {path, old_text, new_text}, read_files
// {files: [{path}]}, apply_patch {input}; the extension's execute_command
// {command}, read_file/write_to_file/replace_in_file {path, content,
// diff}. The prompt is userPromptSubmit.prompt.
func payload(key string, in *event.Input) agent.View {
	switch key {
	case "UserPromptSubmit":
		return agent.View{Prompt: agent.StringOf(in.Object("userPromptSubmit"), "prompt")}
	case "PreToolUse", "PostToolUse":
	default:
		return agent.View{}
	}
	call, raw := in.Object("preToolUse"), in.Object("tool_call")
	if key == "PostToolUse" {
		call, raw = in.Object("postToolUse"), in.Object("tool_result")
	}
	name := agent.StringOf(raw, "name")
	params, _ := raw["input"].(map[string]any)
	if name == "" {
		name = agent.StringOf(call, "toolName")
		params, _ = call["parameters"].(map[string]any)
	}
	v := agent.View{Tool: name}
	if name == "" {
		return v
	}
	v.Family, _ = Tools().FamilyOf(name, "")
	if v.Family == agent.FamilyShell {
		v.Command = agent.StringOf(params, "command")
		if cmds := strings.Join(stringList(params["commands"]), "\n"); cmds != "" {
			v.Command = cmds
		}
	}
	v.Paths = agent.PathsOf(params, "path")
	files, _ := params["files"].([]any)
	for _, f := range files {
		m, _ := f.(map[string]any)
		v.Paths = append(v.Paths, agent.PathsOf(m, "path")...)
	}
	v.Content = agent.StringOf(params, "new_text", "content", "diff", "input")
	return v
}

// stringList is a list of strings: a JSON array of them, or (the
// extension-shaped parameters) a string holding one; nil otherwise.
func stringList(v any) []string {
	var out []string
	switch t := v.(type) {
	case []any:
		for _, e := range t {
			if s, ok := e.(string); ok && s != "" {
				out = append(out, s)
			}
		}
	case string:
		if d, ok := decodeList(t); ok {
			return stringList(d)
		}
	}
	return out
}

// decodeList decodes s when it is a JSON array.
func decodeList(s string) (any, bool) {
	if !strings.HasPrefix(strings.TrimSpace(s), "[") {
		return nil, false
	}
	var v []any
	if json.Unmarshal([]byte(s), &v) != nil {
		return nil, false
	}
	return v, true
}
