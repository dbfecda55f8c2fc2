package agents

import (
	"fmt"
	"strings"

	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

// The exit status of fire under a format: what the format's agent reads
// from a hook's status (agent.Answer), SPEC §6 for the result format.

// BlocksByStatus reports whether fire exits verdict.StatusBlocked, with the reason
// on stderr, for v printed in format f (written: the printing succeeded).
//
// In an agent format the printed JSON carries a block, and the exit
// status is 0, as for a policy the agent runs itself that answers in
// JSON: both agents read that JSON, and report any other status as a
// failed hook (Gemini CLI) or a hook error (Claude Code); on Stop,
// Claude takes exit 2 as "keep going", not as the JSON's continue:
// false (docs/agents.md, "What the agent receives"). When the JSON could not
// be written, exit 2 and the reason on stderr still block. Under
// --format claude, a claude-dialect policy that blocked with exit 2
// makes hookexec exit 2 too: Claude reads the JSON all the same, and
// labels the block as it would label the policy's own.
// Claude Code's WorktreeCreate has no JSON block: only a status other
// than 0 fails the creation. Each agent format says so itself
// (agent.Answer.ExitBlocked).
func BlocksByStatus(f verdict.Format, ev event.Event, v verdict.Verdict, written bool) bool {
	answer, _ := AnswerOf(f)
	return v.Blocked && (f == verdict.FormatResult || !written ||
		answer.ExitBlocked != nil && answer.ExitBlocked(ev, v))
}

// FailedError is the error fire exits verdict.StatusError with when v, printed in
// format f, holds policies that failed; nil when it exits as v says.
// Gemini CLI learns of a failed policy by the exit status, and reads the
// JSON all the same (agent.Answer.Failed: gemini.Failed). Claude Code is
// told in systemMessage instead: with "onFailure": "block" on hookexec's
// entry (install), any status but 0 and 2 would block the tool.
func FailedError(f verdict.Format, v verdict.Verdict) error {
	answer, _ := AnswerOf(f)
	if answer.Failed == nil {
		return nil
	}
	if failed := answer.Failed(v); len(failed) > 0 {
		return fmt.Errorf("hook(s) failed: %s", strings.Join(failed, ", "))
	}
	return nil
}

// Warning is the text fire prints on stderr for v in format f, exiting 2
// although v does not block (agent.Answer.Warning): "" for none, and
// always for a blocked verdict, whose reason stderr carries instead.
func Warning(f verdict.Format, ev event.Event, v verdict.Verdict) string {
	answer, _ := AnswerOf(f)
	if v.Blocked || answer.Warning == nil {
		return ""
	}
	return answer.Warning(ev, v)
}

// ErrorStatus is fire's exit status for a config or input error whose
// answer (blocked or not) was printed in format f. Under --format claude
// it is 0 (agent.Answer.ErrorsExitZero): the JSON carries the error in systemMessage, and the deny under
// --fail-closed; Claude Code reads the JSON on exit 0, and with
// "onFailure": "block" on hookexec's entry any status but 0 and 2 blocks
// the tool. Under --format gemini it is 1 (2 for a deny), as
// for a policy that failed: Gemini CLI reads the JSON whatever the status
// and records the failure. The result format keeps SPEC §6: 1, or 2 for a
// deny.
func ErrorStatus(f verdict.Format, blocked bool) int {
	answer, _ := AnswerOf(f)
	switch {
	case answer.ErrorsExitZero:
		return verdict.StatusProceed
	case blocked:
		return verdict.StatusBlocked
	default:
		return verdict.StatusError
	}
}
