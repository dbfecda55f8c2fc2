package codex

import (
	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/reading"
	"github.com/hookexec/hookexec/internal/verdict"
)

// noStderr is why a hook that exited 2 in silence is a failed hook.
const noStderr = "exit code 2 without an error message, which Codex does not take as a block"

// Reads is Codex CLI's hook engine (0.169): JSON is read only on exit 0,
// plain stdout on a context event is additional context; exit 2 blocks
// with stderr as the reason, and exit 2 with nothing on stderr is a failed
// hook (the tool runs); any other status is a failed hook whose output is
// not read.
type Reads struct{ reading.Spec }

// Exited reads x as Codex CLI does (make e2e): on exit 2 stderr is the
// block's reason and stdout is not read; with nothing on stderr the hook
// failed and the tool runs (it blocks only when the hook fails closed).
func (Reads) Exited(x agent.Exit) agent.Read {
	if x.Code != 2 {
		return reading.Exited(x, true, nil)
	}
	if x.Err == "" {
		return agent.Read{Outcome: verdict.Error, Detail: noStderr, Notes: []string{noStderr}}
	}
	return agent.Read{Outcome: verdict.Blocked, Output: &verdict.Output{Decision: "deny", Reason: x.Err}}
}

// Answer: stdout, whatever the status.
func (Reads) Answer(x agent.Exit) (string, bool, bool) { return reading.Stdout(x) }
