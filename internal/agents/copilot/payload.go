package copilot

import (
	"encoding/json"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
)

// Payload reads Copilot CLI's event input into the normalized view, in
// either of its shapes (a real run of 1.0.102):
//
//   - under its camelCase event names: toolName ("bash") and toolArgs (an
//     object; a JSON string in some versions, which is parsed), timestamp
//     in milliseconds, no event name;
//   - under the PascalCase ones: Claude Code's tool_name ("Bash") and
//     tool_input; PermissionRequest alone sends toolName and toolInput.
//
// Either way the arguments keep Copilot's own names (command, path,
// file_text, old_str/new_str, pattern, paths). VS Code's agent sends
// Claude's shape with its own tools and camelCase arguments (filePath,
// content, newString; its documentation only). The shape is told by the
// fields, not by key, so a hand-written event of either shape reads.
func Payload(_ string, in *event.Input) agent.View {
	v := agent.View{Tool: firstString(in, "toolName", "tool_name")}
	v.Prompt, _ = in.String("prompt")
	if v.Tool == "" {
		return v
	}
	v.Family, _ = Tools().FamilyOf(v.Tool, "")
	args := toolArgs(in)
	// Copilot's and VS Code's own names first, then Claude Code's
	// (agent.FillFromToolInput: command, path, paths, content, ...).
	v.Content = stringArg(args, "file_text", "new_str", "newString")
	if p := stringArg(args, "filePath"); p != "" {
		v.Paths = append(v.Paths, p)
	}
	if p := stringArg(args, "paths"); p != "" {
		v.Paths = append(v.Paths, p)
	}
	agent.FillFromToolInput(&v, args)
	return v
}

// toolArgs are the tool's arguments: toolArgs (an object, or a JSON string
// holding one), toolInput or tool_input; nil when none is an object.
func toolArgs(in *event.Input) map[string]any {
	for _, name := range []string{"toolArgs", "toolInput", "tool_input"} {
		if obj := in.Object(name); obj != nil {
			return obj
		}
		if s, ok := in.String(name); ok {
			var obj map[string]any
			if json.Unmarshal([]byte(s), &obj) == nil && obj != nil {
				return obj
			}
		}
	}
	return nil
}

// stringArg is the first of the string arguments keys that is set.
func stringArg(args map[string]any, keys ...string) string {
	for _, k := range keys {
		if s, ok := args[k].(string); ok && s != "" {
			return s
		}
	}
	return ""
}

// firstString is the first of the string fields names that is set.
func firstString(in *event.Input, names ...string) string {
	for _, n := range names {
		if s, ok := in.String(n); ok && s != "" {
			return s
		}
	}
	return ""
}
