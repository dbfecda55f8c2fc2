package agent

import (
	"github.com/hookexec/hookexec/internal/event"
)

// ClaudePayload reads a Claude-shaped event input into a View: the tool at
// tool_name, and in tool_input the shell command ("command"), the paths
// ("file_path", "path", "notebook_path", each element of "paths") and the
// content a write or edit puts in a file ("content", else "new_string",
// else a patch: "patch" or "input"); the prompt at "prompt". Fields that
// are absent or not strings are left empty. Every agent whose payload is
// Claude Code's reads through it (Payload nil), and an agent's own Payload
// may start from it.
func ClaudePayload(_ string, in *event.Input) View {
	var v View
	if in == nil {
		return v
	}
	v.Tool, _ = in.String("tool_name")
	v.Prompt, _ = in.String("prompt")
	FillFromToolInput(&v, in.Object("tool_input"))
	return v
}

// FillFromToolInput fills v's command, paths and content from a tool's
// input object as Claude Code shapes it (ClaudePayload); fields v already
// has are kept.
func FillFromToolInput(v *View, ti map[string]any) {
	if ti == nil {
		return
	}
	if v.Command == "" {
		v.Command = str(ti["command"])
	}
	if len(v.Paths) == 0 {
		for _, k := range []string{"file_path", "path", "notebook_path"} {
			if s := str(ti[k]); s != "" {
				v.Paths = append(v.Paths, s)
			}
		}
		if ps, ok := ti["paths"].([]any); ok {
			for _, p := range ps {
				if s := str(p); s != "" {
					v.Paths = append(v.Paths, s)
				}
			}
		}
	}
	if v.Content == "" {
		for _, k := range []string{"content", "new_string", "patch", "input"} {
			if s := str(ti[k]); s != "" {
				v.Content = s
				break
			}
		}
	}
}

func str(x any) string {
	s, _ := x.(string)
	return s
}
