package agent

import "github.com/hookexec/hookexec/internal/event"

// ByName makes an Agent.Events from the agent's table of names keyed by
// the catalogue's canonical event names.
func ByName(keyOf func(name string) (string, bool)) func(event.Event) (string, bool) {
	return func(ev event.Event) (string, bool) { return keyOf(ev.Name) }
}

// InstallKeys are the agent's names under which hookexec's entries for ev
// go: the one Events gives; else, for an agent that fires ev only per
// family of tools (Windsurf: pre_run_command, pre_read_code,
// pre_write_code, pre_mcp_tool_use for BeforeTool), each of its aliases
// for ev, in order. An agent with both (Cursor's preToolUse beside
// beforeShellExecution) gets only the first, since the per-family events
// fire for the same calls and every policy would run twice. nil when the
// agent has no name for ev.
func (a Agent) InstallKeys(ev event.Event) []string {
	if key, ok := a.EventKey(ev); ok {
		return []string{key}
	}
	var out []string
	for _, al := range a.Aliases {
		if al.Event == ev.Name {
			out = append(out, al.Key)
		}
	}
	return out
}
