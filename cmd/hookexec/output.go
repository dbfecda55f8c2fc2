package main

import (
	"fmt"
	"io"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/dirs"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/notices"
	"github.com/hookexec/hookexec/internal/registry"
	"github.com/hookexec/hookexec/internal/verdict"
)

// writeJSON writes v as one indented JSON document (verdict.WriteJSON).
func writeJSON(w io.Writer, v any) error { return verdict.WriteJSON(w, v) }

// outputFormat is how fire prints its verdict: --format, and --max-message
// for the messages of the agent formats (SPEC §6).
type outputFormat struct {
	verdict.Format
	maxMessage int
}

// writeVerdict prints v on stdout in format f (SPEC §6): the verdict
// itself, or the output of a single Claude Code or Gemini CLI hook. in is
// the event input (nil when it was never read).
//
// The exceptions to "one JSON document": under --format gemini, a
// BeforeToolSelection verdict with nothing to say prints nothing, because
// Gemini CLI reads even {} there as a tool config (gemini.Output.Silent);
// under --format claude, WorktreeCreate prints the worktree's path as a
// line of text (or nothing), as Claude Code reads it (verdict.Text).
func (a *app) writeVerdict(f outputFormat, ev event.Event, v verdict.Verdict, in *event.Input) error {
	out := agents.Render(f.Format, ev, v, verdict.AgentInput{ToolInput: verdict.ToolInputOf(in), MaxMessage: f.maxMessage, Notices: a.noticeLog(f, in)})
	if out == nil {
		return nil
	}
	if text, ok := out.(verdict.Text); ok {
		if text == "" {
			return nil
		}
		_, err := fmt.Fprintln(a.stdout, string(text))
		return err
	}
	return writeJSON(a.stdout, out)
}

// noticeLog is the memory of the agent session the input belongs to, which
// tells the session's user once of hooks hookexec left out (issue 17 §2);
// nil for the result format or an input that was never read.
func (a *app) noticeLog(f outputFormat, in *event.Input) verdict.NoticeLog {
	if f.Format == verdict.FormatResult || in == nil {
		return nil
	}
	// Where the memory lives is read as fire's configs are (SafeEnv): an
	// XDG_STATE_HOME inside the project, set by the repository through the
	// agent, could otherwise hold markers that silence every notice.
	cwd, _ := in.String("cwd")
	getenv := a.getenv
	if project, err := dirs.ProjectRoot("", a.getenv, cwd); err == nil {
		getenv, _ = registry.SafeEnv(a.getenv, project)
	}
	return notices.ForInput(getenv, in)
}
