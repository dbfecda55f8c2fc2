package rules

import (
	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/permrule"
)

// familyTool is the Claude Code tool a rule names for a family: a Bash
// rule guards every agent's shell tool, an Edit rule every tool that edits
// a file, and so on.
func familyTool(f agent.Family) (string, bool) {
	switch f {
	case agent.FamilyShell:
		return "Bash", true
	case agent.FamilyRead:
		return "Read", true
	case agent.FamilyWrite:
		return "Write", true
	case agent.FamilyEdit:
		return "Edit", true
	case agent.FamilySearch:
		return "Grep", true
	}
	return "", false
}

// Calls are the calls a set is tested against for the tool call v (the
// normalized view of the event; input is the agent's own tool input):
// under the Claude Code tool of v's family, one per file the tool names
// (a tool of a file family that names none is one call without a path,
// which path rules count as a match), its command for a shell tool; a web
// tool with a "url" as WebFetch; any other tool under its own name with
// its input. None when the event has no tool.
func Calls(v agent.View, input map[string]any, pl permrule.Places) []permrule.Call {
	if v.Tool == "" {
		return nil
	}
	tool, ok := familyTool(v.Family)
	paths := v.Paths
	if len(paths) == 0 {
		paths = inputPaths(input)
	}
	switch {
	case ok && v.Family == agent.FamilyShell:
		return []permrule.Call{permrule.NewCall(tool, map[string]any{"command": v.Command}, pl)}
	case ok && len(paths) == 0:
		return []permrule.Call{permrule.NewCall(tool, map[string]any{}, pl)}
	case ok:
		calls := make([]permrule.Call, 0, len(paths))
		for _, p := range paths {
			calls = append(calls, permrule.NewCall(tool, map[string]any{"path": p}, pl))
		}
		return calls
	case v.Family == agent.FamilyWeb:
		if _, hasURL := input["url"].(string); hasURL {
			return []permrule.Call{permrule.NewCall("WebFetch", input, pl)}
		}
	}
	return []permrule.Call{permrule.NewCall(v.Tool, input, pl)}
}

// inputPaths are the paths of a tool input the view did not read: the
// keys the agents' file tools use.
func inputPaths(input map[string]any) []string {
	for _, key := range []string{"file_path", "absolute_path", "notebook_path", "path"} {
		if s, ok := input[key].(string); ok && s != "" {
			return []string{s}
		}
	}
	return nil
}
