package main

import (
	"fmt"
	"io"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/engine"
	"github.com/hookexec/hookexec/internal/event"
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

// writeVerdict prints v on stdout in format f (agents.Write); in is the
// event input (nil when it was never read), which the agent formats read.
func (a *app) writeVerdict(f outputFormat, ev event.Event, v verdict.Verdict, in *event.Input) error {
	ai := verdict.AgentInput{ToolInput: verdict.ToolInputOf(in), MaxMessage: f.maxMessage, Notices: engine.NoticeLog(a.getenv, f.Format, in)}
	return agents.Write(a.stdout, f.Format, ev, v, ai)
}

// writeVerdictError is a failure to print the verdict on stdout.
func writeVerdictError(err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("writing the verdict to stdout: %w", err)
}

// stdoutError is a failure to write a command's output (not a verdict) to
// stdout: an error, as a verdict's is.
func stdoutError(err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("writing to stdout: %w", err)
}
