package verdict

import "strings"

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
