package codex

import (
	"bytes"
	"encoding/json"
	"strings"

	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

// blocks reports whether Codex, running one hook that printed stdout and
// exited with status on ev, blocks (agent.Answer.Blocks): exit 2 does
// (hookexec writes the reason on stderr); on exit 0 the JSON answer does
// when Codex accepts it (engine/output_parser.rs): on PreToolUse a
// permissionDecision deny or a decision block, each with a reason, in an
// answer without continue, stopReason or suppressOutput; on the other
// events a decision block with a reason, or continue false. Any other
// status is a failed hook: the tool runs.
func blocks(ev event.Event, stdout []byte, status int) bool {
	switch status {
	case verdict.StatusBlocked:
		return true
	case verdict.StatusProceed:
	default:
		return false
	}
	var out struct {
		Continue       *bool   `json:"continue"`
		StopReason     *string `json:"stopReason"`
		SuppressOutput bool    `json:"suppressOutput"`
		Decision       string  `json:"decision"`
		Reason         string  `json:"reason"`
		HSO            struct {
			PermissionDecision       string `json:"permissionDecision"`
			PermissionDecisionReason string `json:"permissionDecisionReason"`
		} `json:"hookSpecificOutput"`
	}
	if json.Unmarshal(bytes.TrimSpace(stdout), &out) != nil {
		return false
	}
	blockWithReason := out.Decision == "block" && strings.TrimSpace(out.Reason) != ""
	if ev.Claude == "PreToolUse" {
		if out.Continue != nil || out.StopReason != nil || out.SuppressOutput {
			return false // rejected whole
		}
		return blockWithReason || out.HSO.PermissionDecision == "deny" && strings.TrimSpace(out.HSO.PermissionDecisionReason) != ""
	}
	return blockWithReason || out.Continue != nil && !*out.Continue
}
