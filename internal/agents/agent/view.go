package agent

import "github.com/hookexec/hookexec/internal/event"

// View is the normalized view of one event: the same fields whatever the
// agent sent it (SPEC §9). A native policy finds it in its input
// under the key ViewKey, beside the agent's own payload.
type View struct {
	// Event is the canonical event name (SPEC §1): "BeforeTool".
	Event string `json:"event"`
	// Agent is the name of the agent that sent the event ("codex"); ""
	// when hookexec cannot tell.
	Agent string `json:"agent,omitempty"`
	// Tool is the tool's name as the agent calls it ("run_shell_command").
	Tool string `json:"tool,omitempty"`
	// Family is the tool's family ("shell"); "" when the tool is not known.
	Family Family `json:"family,omitempty"`
	// Command is the shell command of a shell tool.
	Command string `json:"command,omitempty"`
	// Paths are the files or directories the tool names.
	Paths []string `json:"paths,omitempty"`
	// Content is the text a write or edit tool puts into a file (for a
	// patch: the patch).
	Content string `json:"content,omitempty"`
	// Prompt is the user's prompt on a prompt event.
	Prompt string `json:"prompt,omitempty"`
}

// AppendJSON appends the view as compact JSON, as encoding/json encodes
// the struct without HTML escaping (empty fields left out), each string
// copied once: a large write's content is not buffered and grown again.
func (v View) AppendJSON(buf []byte) []byte {
	buf = append(buf, `{"event":`...)
	buf = event.AppendQuote(buf, v.Event)
	str := func(key, s string) {
		if s != "" {
			buf = append(buf, `,"`+key+`":`...)
			buf = event.AppendQuote(buf, s)
		}
	}
	str("agent", v.Agent)
	str("tool", v.Tool)
	str("family", string(v.Family))
	str("command", v.Command)
	if len(v.Paths) > 0 {
		buf = append(buf, `,"paths":[`...)
		for i, p := range v.Paths {
			if i > 0 {
				buf = append(buf, ',')
			}
			buf = event.AppendQuote(buf, p)
		}
		buf = append(buf, ']')
	}
	str("content", v.Content)
	str("prompt", v.Prompt)
	return append(buf, '}')
}

// ViewKey is where a native hook's input holds the View.
const ViewKey = "hookexec"

// Payload reads an agent's event input into a View (Event and Agent are
// filled in by the caller). key is the event name the agent fired (its own
// name, e.g. "beforeShellExecution").
type Payload func(key string, in *event.Input) View

// Alias is an extra event name of an agent, besides the one Events gives
// for a catalogue event: an event the agent fires only for one family of
// tools (Cursor's beforeShellExecution is BeforeTool for its shell tool).
type Alias struct {
	// Key is the agent's event name.
	Key string
	// Event is the canonical name of the catalogue event it is.
	Event string
	// Family is the family of the tools it fires for; "" for all.
	Family Family
}
