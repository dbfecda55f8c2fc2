package agents

import (
	"fmt"
	"io"

	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

// Write prints v on w in format f as fire prints it (SPEC §6): the verdict
// itself, or the output of a single Claude Code or Gemini CLI hook.
//
// The exceptions to "one JSON document": under --format gemini, a
// BeforeToolSelection verdict with nothing to say prints nothing, because
// Gemini CLI reads even {} there as a tool config (gemini.Output.Silent);
// under --format claude, WorktreeCreate prints the worktree's path as a
// line of text (or nothing), as Claude Code reads it (verdict.Text).
func Write(w io.Writer, f verdict.Format, ev event.Event, v verdict.Verdict, in verdict.AgentInput) error {
	out := Render(f, ev, v, in)
	if out == nil {
		return nil
	}
	if text, ok := out.(verdict.Text); ok {
		if text == "" {
			return nil
		}
		_, err := fmt.Fprintln(w, string(text))
		return err
	}
	return verdict.WriteJSON(w, out)
}
