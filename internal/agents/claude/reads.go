package claude

import (
	"fmt"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/reading"
	"github.com/hookexec/hookexec/internal/verdict"
)

// NoStderr is what Claude Code says of an exit-2 block with nothing on
// stderr.
const NoStderr = "No stderr output"

// Reads is Claude Code's engine (2.1): exit 2 reads a JSON answer first
// and gives "[COMMAND]: stderr" as the reason, another non-zero status
// still reads a JSON answer, plain stdout on a context event is additional
// context, and a fail-closed reason is worded as Claude Code words
// onFailure's.
type Reads struct{ reading.Spec }

// Exited reads x as Claude Code does.
func (Reads) Exited(x agent.Exit) agent.Read {
	if x.Code != 0 && x.Code != 2 {
		return FailedWithAnswer(x)
	}
	return reading.Exited(x, true, blockOutput)
}

// FailedWithAnswer is a hook that failed with a status but 0 and 2:
// Claude Code (and Qwen Code) shows its user nothing of it (it only logs
// it), but reads a JSON answer on stdout as on exit 0: a deny printed
// before exit 1 blocks.
func FailedWithAnswer(x agent.Exit) agent.Read {
	failure := fmt.Sprintf("exit code %d", x.Code)
	r := agent.Read{Outcome: verdict.Error, Notes: []string{failure}, Detail: reading.WithText(failure, reading.FirstNonEmpty(x.Err, x.Out))}
	if x.Cut {
		return r
	}
	if obj, ok := reading.Object(x.Out); ok {
		r.Output = reading.Normalize(x.Event, obj, &r.Notes)
	}
	return r
}

// blockOutput interprets a hook that exited 2 the way Claude Code (2.1)
// does, so that the model reads what it would read with the policy run
// directly (make e2e): a JSON object on stdout is read as on exit 0, its
// reason first and stderr ignored; without a reason there, the reason is
// "[COMMAND]: " and stderr, or "No stderr output". Plain text on stdout is
// not read. The decision is deny, whatever the JSON says.
func blockOutput(x agent.Exit, notes *[]string) *verdict.Output {
	o := &verdict.Output{}
	if obj, ok := reading.Object(x.Out); ok {
		o = reading.Normalize(x.Event, obj, notes)
	}
	o.Decision = "deny"
	if o.Reason == "" {
		o.Reason = "[" + x.Command + "]: " + reading.FirstNonEmpty(x.Err, NoStderr)
	}
	return o
}

// Answer: stdout, whatever the status.
func (Reads) Answer(x agent.Exit) (string, bool, bool) { return reading.Stdout(x) }

// Blocks: exit 2, or a JSON answer (read whatever the status) with
// "continue": false, "decision": "block" or
// hookSpecificOutput.permissionDecision "deny".
func (Reads) Blocks(_ event.Event, stdout []byte, status int) bool {
	return status == verdict.StatusBlocked || reading.JSONBlocks(stdout, false, true)
}

// FailReason is the reason Claude Code 2.1.328 gives a hook with onFailure
// "block", so that through hookexec the agent and its model read what they
// read with the hook run directly (make e2e): "[COMMAND]: failed; blocking
// because onFailure is "block"", then on the next line the hook's stderr
// (a command) or what failed (an http hook); a timeout says no more than
// "timed out".
func (Reads) FailReason(f agent.Failure) string {
	what, extra := "failed", f.Err
	switch {
	case f.Verb == "timed out":
		what, extra = "timed out", ""
	case f.HTTP:
		extra = f.Detail
	case f.Verb == "could not start":
		extra = f.Detail
	case extra == "":
		// Claude Code's own words for a failed command that wrote
		// nothing on stderr (make e2e: "onFailure block, JSON allow with
		// exit 1").
		extra = NoStderr
	}
	why := `onFailure is "block"`
	if f.ByFlag {
		why = "hookexec runs with --fail-closed"
	}
	reason := "[" + f.Command + "]: " + what + "; blocking because " + why
	if extra != "" {
		reason += "\n" + extra
	}
	return reason
}
