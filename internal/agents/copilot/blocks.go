package copilot

import (
	"bytes"
	"encoding/json"

	"github.com/hookexec/hookexec/internal/event"
)

// Blocks reports whether Copilot CLI 1.0.102, running one hook on ev that
// printed stdout and exited with status, blocks (a real run): on its tool
// guards (BeforeTool, PermissionRequest) any status but 0 denies, and on
// exit 0 a top-level permissionDecision or behavior "deny" does; on the
// other events only exit 0 with a top-level decision "block" blocks
// (exit 2 there is a warning). Under its camelCase names it never reads
// hookSpecificOutput, so this does not either: an answer that blocks only
// there does not hold in both dialects.
func Blocks(ev event.Event, stdout []byte, status int) bool {
	guard := ev.Name == "BeforeTool" || ev.Name == "PermissionRequest"
	if status != 0 {
		return guard
	}
	var out struct {
		PermissionDecision string `json:"permissionDecision"`
		Behavior           string `json:"behavior"`
		Decision           string `json:"decision"`
	}
	if json.Unmarshal(bytes.TrimSpace(stdout), &out) != nil {
		return false
	}
	if guard {
		return out.PermissionDecision == "deny" || out.Behavior == "deny"
	}
	return ev.CanBlock && out.Decision == "block"
}
