package codex

import (
	"slices"
	"strings"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
)

// payload reads Codex's event input into the normalized view (Event and
// Agent are the caller's). Codex sends Claude's fields (tool_name,
// tool_input, prompt; make e2e), but a file edit is apply_patch with the
// whole patch in tool_input.command: the view's Content is the patch and
// its Paths the files the patch adds, updates, deletes or moves to.
func payload(_ string, in *event.Input) agent.View {
	var v agent.View
	v.Tool, _ = in.String("tool_name")
	v.Prompt, _ = in.String("prompt")
	if fam, ok := Tools().FamilyOf(v.Tool, "mcp__"); ok {
		v.Family = fam
	}
	ti := in.Object("tool_input")
	cmd, _ := ti["command"].(string)
	switch v.Family {
	case agent.FamilyShell:
		v.Command = cmd
	case agent.FamilyEdit:
		v.Content, v.Paths = cmd, PatchPaths(cmd)
	case agent.FamilyRead:
		if p, ok := ti["path"].(string); ok && p != "" {
			v.Paths = []string{p}
		}
	}
	return v
}

// PatchPaths are the files an apply_patch patch names, in order, each
// once: "*** Add File: ", "*** Update File: ", "*** Delete File: " and
// "*** Move to: " lines.
func PatchPaths(patch string) []string {
	var out []string
	for _, line := range strings.Split(patch, "\n") {
		line = strings.TrimSuffix(line, "\r")
		for _, prefix := range []string{"*** Add File: ", "*** Update File: ", "*** Delete File: ", "*** Move to: "} {
			if p, ok := strings.CutPrefix(line, prefix); ok {
				if p = strings.TrimSpace(p); p != "" && !slices.Contains(out, p) {
					out = append(out, p)
				}
			}
		}
	}
	return out
}
