package aggregator

import (
	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/agents/agent"
)

// Meta describes the hook a result belongs to; it is copied into the report.
type Meta struct {
	Name    string // the hook's name, else its command
	Command string
	Source  string
	File    string
	// Pos is where the hook is defined ("file:line:col"), for warnings.
	Pos      string
	EventKey string // the key the hook was registered under
	Dialect  string // "native" or an agent's name (internal/agents)
	// FailClosed: the hook's, its file's or --fail-closed.
	FailClosed bool
	// FailClosedByFlag: only --fail-closed makes the hook fail closed (not
	// its own onFailure or failClosed, nor its file's).
	FailClosedByFlag bool
	// HTTP: the hook is an http hook; its result is a response
	// (runner.Result.HTTPStatus) or RequestFailed (interpret_http.go).
	HTTP bool
	// Project: the hook is from a project file (the project's own or one
	// of its extensions), not one of the user's (GuardRewrites).
	Project bool
	// Line, Matcher and If say where the hook is written and how it was
	// selected: the report's Line, Matcher and If.
	Line    int
	Matcher string
	If      string
}

// reader is how the hook's exit status and output are read: as its
// dialect's agent reads them (agent.Agent.Reads), as SPEC §4.6 says in
// the native dialect.
func (m Meta) reader() agent.Reader { return agents.ReaderOf(m.Dialect) }
