package planner

import (
	"fmt"

	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/permrule"
	"github.com/hookexec/hookexec/internal/registry"
)

// toolCall is the tool call of the event that "if" rules are tested
// against; nil when the event has no tool (it is not matched on
// tool_name, or the input has no tool_name).
func toolCall(ev event.Event, in *event.Input, opts Options) *permrule.Call {
	if ev.MatchField != registry.ToolField || in == nil {
		return nil
	}
	tool, ok := in.String(registry.ToolField)
	if !ok {
		return nil
	}
	cwd, _ := in.String("cwd")
	call := permrule.NewCall(tool, in.Object("tool_input"), permrule.Places{Cwd: cwd, ProjectDir: opts.ProjectDir, Home: opts.Home})
	return &call
}

// checkIf applies a hook's "if" permission rule. As in Claude Code, a hook
// with one runs only on a tool call its rule matches; on an event without
// a tool it never runs. A rule that did not parse was reported at load
// time and does not filter: the hook runs. why explains the outcome ("" for
// a hook without "if").
func checkIf(h *registry.Hook, call *permrule.Call) (why string, ok bool) {
	switch {
	case h.If == "":
		return "", true
	case call == nil:
		return fmt.Sprintf("if %q: the event has no tool call (no tool_name), and a hook with \"if\" runs only on tool calls, as in Claude Code", h.If), false
	case h.IfRule == nil:
		return fmt.Sprintf("if %q is not a permission rule (see the warnings), so it does not filter", h.If), true
	}
	matched, detail := h.IfRule.Match(*call)
	if !matched {
		return fmt.Sprintf("if %q does not match: %s", h.If, detail), false
	}
	return fmt.Sprintf("if %q matches: %s", h.If, detail), true
}
