package reading

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

// Spec reads a hook as SPEC §4.6 says: exit 0 reads the JSON answer or
// plain text (a systemMessage), exit 2 blocks with the best reason, any
// other status is a failed hook whose text is a warning. It is the
// reading of hookexec's own dialect, and the base the other readings
// embed for what they do alike.
type Spec struct{}

// Exited reads x as SPEC §4.6 says.
func (Spec) Exited(x agent.Exit) agent.Read {
	return Exited(x, false, Block)
}

// Exited is the usual reading of a hook that exited: a cut answer is never
// read (Lost, LostBlock), exit 0 is Success (plain text as context when
// context is true), exit 2 blocks as block reads it, any other status
// failed.
func Exited(x agent.Exit, context bool, block func(x agent.Exit, notes *[]string) *verdict.Output) agent.Read {
	var r agent.Read
	switch {
	case x.Cut && x.Code == 0:
		return Lost(x)
	case x.Code == 0:
		r.Outcome = verdict.Success
		r.Output = Success(x.Event, x.Out, context, &r.Notes)
	case x.Cut && x.Code == 2:
		return LostBlock(x)
	case x.Code == 2:
		r.Outcome = verdict.Blocked
		r.Output = block(x, &r.Notes)
	default:
		return Failed(x)
	}
	return r
}

// Answer is stdout, read on exit 0 and 2 only (the output of a failed
// hook is a warning, never read); plain text where context is taken is
// linted, since SPEC §4.6 makes it a systemMessage.
func (Spec) Answer(x agent.Exit) (string, bool, bool) {
	if x.Code != 0 && x.Code != 2 {
		return "", false, false
	}
	return x.Out, true, x.Code == 0
}

// Blocks: exit 2, or a JSON answer on exit 0 that blocks
// (JSONBlocks with deny and hookSpecificOutput).
func (Spec) Blocks(_ event.Event, stdout []byte, status int) bool {
	return status == verdict.StatusBlocked || status == verdict.StatusProceed && JSONBlocks(stdout, true, true)
}

// FailReason is "hook NAME VERB: DETAIL".
func (Spec) FailReason(f agent.Failure) string {
	return fmt.Sprintf("hook %s %s: %s", f.Name, f.Verb, f.Detail)
}

// JSONBlocks reports whether stdout is a JSON object that blocks:
// "continue": false or "decision": "block"; with deny also "decision":
// "deny", with hso also hookSpecificOutput.permissionDecision "deny".
func JSONBlocks(stdout []byte, deny, hso bool) bool {
	var out struct {
		Continue *bool  `json:"continue"`
		Decision string `json:"decision"`
		HSO      struct {
			PermissionDecision string `json:"permissionDecision"`
		} `json:"hookSpecificOutput"`
	}
	if json.Unmarshal(bytes.TrimSpace(stdout), &out) != nil {
		return false
	}
	return out.Continue != nil && !*out.Continue ||
		out.Decision == "block" || deny && out.Decision == "deny" ||
		hso && out.HSO.PermissionDecision == "deny"
}

// ExitCode reads only the exit status, as Windsurf and Kiro CLI do: exit 2
// blocks with stderr as the reason; exit 0 succeeds, its stdout context on
// the events that take plain text (event.PlainContext) and nothing
// elsewhere, JSON included; any other status is a failed hook, its text a
// warning, and the action proceeds. stdout is never an answer, so a cut
// one loses nothing.
type ExitCode struct{ Spec }

// Exited reads x by its exit status alone.
func (ExitCode) Exited(x agent.Exit) agent.Read {
	switch x.Code {
	case 0:
		if x.Event.Plain == event.PlainContext && x.Out != "" {
			return agent.Read{Outcome: verdict.Success, Output: &verdict.Output{HookSpecificOutput: map[string]any{"additionalContext": x.Out}}}
		}
		return agent.Read{Outcome: verdict.Success}
	case 2:
		return agent.Read{Outcome: verdict.Blocked, Output: &verdict.Output{Decision: "deny", Reason: FirstNonEmpty(x.Err, NoBlockMessage)}}
	}
	return Failed(x)
}

// Answer: the answer printed on stdout is linted whatever the status.
func (ExitCode) Answer(x agent.Exit) (string, bool, bool) { return Stdout(x) }

// Stdout is the answer of a reading that lints stdout whatever the status
// and takes plain text as it comes.
func Stdout(x agent.Exit) (text string, read, plainLinted bool) { return x.Out, true, false }
