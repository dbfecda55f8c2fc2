package aggregator

import (
	"fmt"

	"github.com/hookexec/hookexec/internal/agents/agent"
)

// failClosedReason is the deny reason of a hook that failed closed (SPEC
// §4.6): "hook NAME failed: DETAIL". For a hook read as Claude Code reads
// it (agent.ReadClaude: the claude dialect) it is the reason
// Claude Code 2.1.328 gives a hook with onFailure "block", so that through
// hookexec the agent and its model read what they read with the hook run
// directly (make e2e): "[COMMAND]: failed; blocking because onFailure is
// "block"", then on the next line the hook's stderr (a command) or what
// failed (an http hook); a timeout says no more than "timed out".
func failClosedReason(meta Meta, name, verb, detail, errText string) string {
	if meta.reading() != agent.ReadClaude {
		return fmt.Sprintf("hook %s %s: %s", name, verb, detail)
	}
	what, extra := "failed", errText
	switch {
	case verb == "timed out":
		what, extra = "timed out", ""
	case meta.HTTP:
		extra = detail
	case verb == "could not start":
		extra = detail
	case extra == "":
		// Claude Code's own words for a failed command that wrote
		// nothing on stderr (make e2e: "onFailure block, JSON allow with
		// exit 1").
		extra = claudeNoStderr
	}
	why := `onFailure is "block"`
	if meta.FailClosedByFlag {
		why = "hookexec runs with --fail-closed"
	}
	reason := "[" + meta.Command + "]: " + what + "; blocking because " + why
	if extra != "" {
		reason += "\n" + extra
	}
	return reason
}
