package planner

import (
	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/registry"
)

// matchValue is the value ev's matchers are tested against: the input's
// match field; on a tool event whose input has no tool_name (an agent
// that names the tool elsewhere: Copilot CLI's toolName), the tool of the
// normalized view, when it has one.
func matchValue(ev event.Event, in *event.Input, call *agents.Call) (string, bool) {
	value, has := ev.MatchValue(in)
	if has || ev.MatchField != registry.ToolField {
		return value, has
	}
	if in == nil {
		return value, has
	}
	if _, named := in.String(registry.ToolField); named {
		return value, has // present but not a string: as before
	}
	if tool := call.View().Tool; tool != "" {
		return tool, true
	}
	return value, has
}

// keyFamilyMatches applies a key limited to one family of tools (an alias
// such as Cursor's beforeShellExecution, registry.Hook.KeyFamily): its
// hooks run only for a tool of that family. detail says why not.
func keyFamilyMatches(h *registry.Hook, ev event.Event, call *agents.Call) (detail string, ok bool) {
	if h.KeyFamily == "" || ev.MatchField != registry.ToolField {
		return "", true
	}
	c := call.Classification()
	if c.Family == h.KeyFamily {
		return "", true
	}
	return "key " + h.EventKey + " is for " + string(h.KeyFamily) + " tools only; the tool " + quoteTool(c.Tool) + " is of family " + familyName(c.Family), false
}

func familyName(f agent.Family) string {
	if f == "" {
		return "unknown"
	}
	return string(f)
}

func quoteTool(t string) string {
	if t == "" {
		return "(none)"
	}
	return `"` + t + `"`
}
