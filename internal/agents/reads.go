package agents

import (
	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
)

// ReadsAsBlock reports whether agent a, running one hook (hookexec under
// --format a.Format) that printed stdout and exited with status on ev,
// blocks: the format's agent.Answer.Blocks when it has one, else as a
// reads it (agent.Reader.Blocks).
func ReadsAsBlock(a agent.Agent, ev event.Event, stdout []byte, status int) bool {
	if f, ok := ByFormat(a.Format); ok && f.Answer.Blocks != nil {
		return f.Answer.Blocks(ev, stdout, status)
	}
	return a.Reads.Blocks(ev, stdout, status)
}
