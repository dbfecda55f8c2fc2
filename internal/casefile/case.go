package casefile

import (
	"fmt"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/event"
)

// Case is one test case: fire Event with Input against a config and compare
// the result with Expect.
type Case struct {
	Name string
	// Event is the resolved event; EventName is the name as written, and
	// Fired the name it resolved to (any agent's: agents.LookupEvent).
	Event     event.Event
	EventName string
	Fired     agents.EventName
	// Configs are the config files named by "config" (a string or an array
	// of strings), relative to the case file's directory unless absolute.
	// Inline is an inline config object instead, padded with white space so
	// that positions inside it are those of the case file. Neither: fire's
	// config resolution applies (--config, HOOKEXEC_CONFIG, discovery).
	Configs []string
	Inline  []byte
	// Dialect forces the dialect of the case's configs ("": as fire).
	Dialect string
	// Input is the event object as written ("{}" when absent).
	Input []byte
	// Env is set in hookexec's environment for this case (config
	// resolution, project directory, shell) and so in every hook's.
	Env    map[string]string
	Expect Expect
	// Pos is where the case object starts.
	Pos Position
}

// Expect holds what a case asserts. A nil pointer or empty list is not
// checked.
type Expect struct {
	Blocked  *bool
	Decision *string // "" asserts that there is no decision
	Continue *bool
	// ExitCode is fire's exit status: 0 proceed, 2 blocked, 1 config or
	// input error.
	ExitCode *int
	// The ...Contains lists are substrings that must all occur.
	ReasonContains            []string
	StopReasonContains        []string
	SystemMessageContains     []string
	AdditionalContextContains []string
	// ErrorContains applies to the config or input error of exit 1.
	ErrorContains []string
	// HookCount is the number of hooks in the plan (the verdict's hooks).
	HookCount *int
	Hooks     []HookExpect
}

// HookExpect is an assertion about one hook of the verdict: the one named
// Name (its name, else its command), or, without a name, the one at Index
// (its position in the expect.hooks array).
type HookExpect struct {
	Name           string
	Index          int
	Outcome        *string
	ExitCode       *int
	Decision       *string // the hook's normalized output decision
	StdoutContains []string
	StderrContains []string
	Pos            Position
}

// Position is a place in a case file. Line and Col are 1-based; 0 means
// the whole file.
type Position struct {
	File      string
	Line, Col int
}

func (p Position) String() string {
	if p.Line == 0 {
		return p.File
	}
	return fmt.Sprintf("%s:%d:%d", p.File, p.Line, p.Col)
}

// Error is a malformed case file: "FILE:LINE:COL: message".
type Error struct {
	Pos Position
	Msg string
}

func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }
