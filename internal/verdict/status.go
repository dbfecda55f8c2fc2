package verdict

import (
	"fmt"
	"strings"

	"github.com/hookexec/hookexec/internal/event"
)

// Exit statuses of `hookexec fire` (SPEC §6): proceed, an error (usage,
// config, input, or under --format gemini a policy that failed), blocked.
const (
	StatusProceed = 0
	StatusError   = 1
	StatusBlocked = 2
)

// BlockMessage is what stderr carries when the event is blocked (SPEC §6).
func (v Verdict) BlockMessage() string {
	switch {
	case strings.TrimSpace(v.Reason) != "":
		return v.Reason
	case strings.TrimSpace(v.StopReason) != "":
		return v.StopReason
	default:
		return "blocked by hook"
	}
}

// BlocksByStatus reports whether fire exits StatusBlocked, with the reason
// on stderr, for v printed in format f (written: the printing succeeded).
//
// In an agent format the printed JSON carries a block, and the exit
// status is 0, as for a policy the agent runs itself that answers in
// JSON: both agents read that JSON, and report any other status as a
// failed hook (Gemini CLI) or a hook error (Claude Code); on Stop,
// Claude takes exit 2 as "keep going", not as the JSON's continue:
// false (README, "What the agent receives"). When the JSON could not
// be written, exit 2 and the reason on stderr still block. Under
// --format claude, a claude-dialect policy that blocked with exit 2
// makes hookexec exit 2 too: Claude reads the JSON all the same, and
// labels the block as it would label the policy's own.
// Claude Code's WorktreeCreate has no JSON block: only a status other
// than 0 fails the creation.
func BlocksByStatus(f Format, ev event.Event, v Verdict, written bool) bool {
	return v.Blocked && (f == FormatResult || !written ||
		f == FormatClaude && (v.ClaudeExit2() || ev.Plain == event.PlainWorktreePath))
}

// FailedError is the error fire exits StatusError with when v, printed in
// format f, holds policies that failed; nil when it exits as v says.
// Gemini CLI learns of a failed policy by the exit status, and reads the
// JSON all the same (Verdict.Failed). Claude Code is told in
// systemMessage instead: with "onFailure": "block" on hookexec's entry
// (install), any status but 0 and 2 would block the tool.
func FailedError(f Format, v Verdict) error {
	if failed := v.Failed(); f == FormatGemini && len(failed) > 0 {
		return fmt.Errorf("hook(s) failed: %s", strings.Join(failed, ", "))
	}
	return nil
}

// ErrorStatus is fire's exit status for a config or input error whose
// answer (blocked or not) was printed in format f. Under --format claude
// it is 0: the JSON carries the error in systemMessage, and the deny under
// --fail-closed; Claude Code reads the JSON on exit 0, and with
// "onFailure": "block" on hookexec's entry any status but 0 and 2 blocks
// the tool (issue 17 §2). Under --format gemini it is 1 (2 for a deny), as
// for a policy that failed: Gemini CLI reads the JSON whatever the status
// and records the failure. The result format keeps SPEC §6: 1, or 2 for a
// deny.
func ErrorStatus(f Format, blocked bool) int {
	switch {
	case blocked && f != FormatClaude:
		return StatusBlocked
	case f == FormatClaude:
		return StatusProceed
	default:
		return StatusError
	}
}
