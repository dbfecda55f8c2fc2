package agents

import (
	"bytes"
	"encoding/json"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

// ReadsAsBlock reports whether agent a, running one hook (hookexec under
// --format a.Format) that printed stdout and exited with status on ev,
// blocks: the format's agent.Answer.Blocks when it has one, else the rule
// of a's Reading:
//
//   - agent.ReadClaude: exit 2 blocks; so does a JSON answer (read
//     whatever the status) with "continue": false, "decision": "block" or
//     hookSpecificOutput.permissionDecision "deny";
//   - agent.ReadGemini: stdout is the answer whatever the status; it
//     blocks with "continue": false or "decision" "deny" or "block";
//   - agent.ReadSpec (SPEC §4.6): exit 2, or a JSON answer on exit 0
//     that blocks by any of those fields.
func ReadsAsBlock(a agent.Agent, ev event.Event, stdout []byte, status int) bool {
	if f, ok := ByFormat(a.Format); ok && f.Answer.Blocks != nil {
		return f.Answer.Blocks(ev, stdout, status)
	}
	switch a.Reading {
	case agent.ReadClaude:
		return status == verdict.StatusBlocked || jsonBlocks(stdout, false, true)
	case agent.ReadGemini:
		return jsonBlocks(stdout, true, false)
	case agent.ReadQwen:
		// Qwen Code reads a top-level "decision": "deny" as well as
		// Claude Code's fields; on exit 2, stderr (the reason).
		return status == verdict.StatusBlocked || jsonBlocks(stdout, true, true)
	default:
		return status == verdict.StatusBlocked || status == verdict.StatusProceed && jsonBlocks(stdout, true, true)
	}
}

// jsonBlocks reports whether stdout is a JSON object that blocks:
// "continue": false or "decision": "block"; with deny also "decision":
// "deny", with hso also hookSpecificOutput.permissionDecision "deny".
func jsonBlocks(stdout []byte, deny, hso bool) bool {
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
