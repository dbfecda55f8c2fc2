package claude

import (
	"strings"

	"github.com/hookexec/hookexec/internal/verdict"
)

// FailureNotice adds to the verdict's systemMessage a warning naming each
// hook that failed, timed out or could not start without denying (a
// fail-closed one already denies with the reason). Under --format claude
// fire exits 0 or 2 only, so that Claude Code's onFailure: "block" on
// hookexec's own entry blocks only when hookexec itself fails; the
// failed policy is named here instead, where the user sees it.
// Run directly, Claude Code tells its user that a hook did not answer in
// time; a hook that fails with a message reaches the agent as a "Warning: "
// message as well (SPEC §4.6). Other agents' formats use it too.
func FailureNotice(v verdict.Verdict) verdict.Verdict {
	var notes []string
	for _, h := range v.Hooks {
		if h.Output.Blocks() {
			continue
		}
		switch h.Outcome {
		case verdict.Timeout:
			notes = append(notes, "Warning: hook "+h.Name+" did not answer in time ("+strings.TrimPrefix(h.Error, "timed out: ")+")")
		case verdict.SpawnError:
			notes = append(notes, "Warning: hook "+h.Name+" could not start: "+h.Error)
		case verdict.Error:
			note := "Warning: hook " + h.Name + " failed (" + h.Error + ")"
			if errText := strings.TrimSpace(h.Stderr); h.Output == nil && errText != "" {
				// A claude-dialect policy's message, which Claude Code would
				// only log: the user learns why it failed.
				note += ": " + errText
			}
			notes = append(notes, note)
		}
	}
	if len(notes) == 0 {
		return v
	}
	if v.SystemMessage != "" {
		notes = append(notes, v.SystemMessage)
	}
	v.SystemMessage = strings.Join(notes, "\n")
	return v
}
