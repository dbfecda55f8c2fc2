package agent

import (
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

// Reader is how an agent reads a hook that exited: its exit status and
// output (SPEC §4.6, and the departures docs/design-decisions.md lists).
// The shared readings live in internal/reading; an agent's folder picks one
// or implements its own, so that how an agent reads a hook is its folder's
// business alone.
type Reader interface {
	// Exited reads a hook that exited with x.Code.
	Exited(x Exit) Read
	// Answer is the text the agent reads as a hook's JSON answer at
	// x.Code (stdout, or stderr where the agent reads that), and false
	// when it reads none (a failed hook whose output is only a warning).
	// plainLinted: plain text there on an event that takes context is
	// worth a warning, since the agent would not read it as context.
	// Lints of the answer read it.
	Answer(x Exit) (text string, read, plainLinted bool)
	// Blocks reports whether the agent, running one hook that printed
	// stdout and exited with status on ev, blocks (agents.ReadsAsBlock).
	Blocks(ev event.Event, stdout []byte, status int) bool
	// FailReason is the deny reason of a hook that failed closed.
	FailReason(f Failure) string
}

// Exit is one hook that exited, as a Reader reads it.
type Exit struct {
	Event event.Event
	// Key is the event key the hook is registered under ("preToolUse").
	Key string
	// Name is the hook's name (else its command); Command its command.
	Name, Command string
	Code          int
	// Out and Err are the hook's stdout and stderr, trimmed (stdout
	// without a leading byte order mark).
	Out, Err string
	// Cut: the capture caps cut stdout while it began like a JSON answer
	// (SPEC §4.4); what was kept is not the answer the hook gave, so it is
	// never interpreted.
	Cut bool
}

// Read is what a Reader reads of an exited hook.
type Read struct {
	Outcome verdict.Outcome
	Output  *verdict.Output
	// Detail is what went wrong, for a fail-closed reason; "" when
	// nothing did.
	Detail string
	// Notes are what was dropped or went wrong, for the report's error.
	Notes []string
}

// Failure is a hook that failed closed (SPEC §4.6), for its deny reason.
type Failure struct {
	Name, Command string
	// Verb is how the outcome is told: "failed", "timed out", "could not
	// start".
	Verb string
	// Detail is what went wrong; Err the hook's trimmed stderr.
	Detail, Err string
	// HTTP: an http hook; ByFlag: only --fail-closed made it fail closed
	// (not its own onFailure or failClosed, nor its file's).
	HTTP, ByFlag bool
}
