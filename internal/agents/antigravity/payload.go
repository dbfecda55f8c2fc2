package antigravity

import (
	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
)

// pathArgs are the arguments that name a file or a directory.
var pathArgs = []string{"AbsolutePath", "TargetFile", "DirectoryPath", "SearchPath", "SearchDirectory", "file_path", "path"}

// contentArgs are the arguments that hold the text a tool puts in a file.
var contentArgs = []string{"CodeContent", "ReplacementContent", "patch", "input"}

// Payload reads Antigravity CLI's hook input, {toolCall: {name, args}},
// into the normalized view: the tool's name, run_command's CommandLine,
// the paths and the content in its arguments. Arguments of another type
// are left out.
func Payload(_ string, in *event.Input) agent.View {
	var v agent.View
	if in == nil {
		return v
	}
	call := in.Object("toolCall")
	v.Tool, _ = call["name"].(string)
	args, _ := call["args"].(map[string]any)
	if v.Tool == "run_command" {
		v.Command, _ = args["CommandLine"].(string)
	}
	for _, k := range pathArgs {
		if s, _ := args[k].(string); s != "" {
			v.Paths = append(v.Paths, s)
		}
	}
	for _, k := range contentArgs {
		if s, _ := args[k].(string); s != "" {
			v.Content = s
			break
		}
	}
	return v
}
