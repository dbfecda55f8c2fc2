package aggregator

import (
	"strings"

	"github.com/hookexec/hookexec/internal/event"
)

// untrustedNotice adds to the verdict's systemMessage the notice an agent
// shows its user when project hook files were skipped as untrusted (SPEC
// §2.4): on SessionStart and BeforeAgent (UserPromptSubmit) only, so the
// user hears of it once per session or prompt, not on every tool call.
func untrustedNotice(ev event.Event, v Verdict) Verdict {
	if len(v.Untrusted) == 0 || ev.Name != "SessionStart" && ev.Name != "BeforeAgent" {
		return v
	}
	notice := "hookexec: this project's hook files are not trusted, so their hooks did not run: " +
		strings.Join(v.Untrusted, ", ") + ". Review them and run 'hookexec trust' in the project to enable them."
	if v.SystemMessage == "" {
		v.SystemMessage = notice
	} else {
		v.SystemMessage = notice + "\n" + v.SystemMessage
	}
	return v
}

// Deny turns v into a deny on an event that can block, with reason first
// among the reasons (SPEC §2.4: --untrusted deny, and --fail-closed with a
// project file that could not be read). On other events v is unchanged.
func Deny(ev event.Event, v Verdict, reason string) Verdict {
	if !ev.CanBlock {
		return v
	}
	if v.Decision == "deny" && v.Reason != "" {
		reason += "\n" + v.Reason
	}
	v.Decision, v.Reason, v.Blocked = "deny", reason, true
	return v
}
