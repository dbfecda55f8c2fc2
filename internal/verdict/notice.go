package verdict

import (
	"fmt"
	"strings"

	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/termstyle"
)

// NoticeLog remembers which notices an agent session's user has been
// given, so that the first event of a session that can block tells them
// once and the later ones do not repeat it.
type NoticeLog interface {
	// Given reports whether notice was already given in this session, and
	// records it as given now. When it cannot tell (no session id, state
	// that cannot be read or written) it reports false: the user is told
	// again rather than never.
	Given(notice string) bool
}

// maxNoticeItems is how many skipped entries the notice names; it says how
// many more there are.
const maxNoticeItems = 3

// skipNoticeText is what the user is told of the hooks hookexec left out:
// project files that are not trusted (SPEC §2.4), and entries, files and
// matchers it skipped (v.Skipped). "" when nothing was left out.
func skipNoticeText(v Verdict) string {
	var lines []string
	if len(v.Untrusted) > 0 {
		lines = append(lines, "hookexec: this project's hook files are not trusted, so their hooks did not run: "+
			PathList(v.Untrusted)+". Review them and run 'hookexec trust' in the project to enable them.")
	}
	if len(v.Pending) > 0 {
		lines = append(lines, PendingText(v.Pending, v.Held))
	}
	if n := len(v.Skipped); n > 0 {
		items := v.Skipped[:min(n, maxNoticeItems)]
		more := ""
		if n > maxNoticeItems {
			more = fmt.Sprintf(" (and %d more)", n-maxNoticeItems)
		}
		lines = append(lines, "hookexec: these hooks do not run: "+termstyle.Inline(strings.Join(items, "; "))+more+". Run 'hookexec validate' for details.")
	}
	return strings.Join(lines, "\n")
}

// SkipNotice adds to the verdict's systemMessage the notice of the hooks
// hookexec left out, where the agent shows it to its user: always on
// SessionStart and BeforeAgent (UserPromptSubmit), and on the first other
// event of the session unless the session's user was told already (log). BeforeAgent records the notice as given; SessionStart does
// not, since Claude Code 2.1.328 shows a SessionStart hook's systemMessage
// nowhere in -p mode (a real run; UserPromptSubmit's and PreToolUse's it
// reports as "... says: "). Without a log, only SessionStart and
// BeforeAgent tell. On other events v is unchanged.
//
// The warnings about hooks' answers (v.Quiet) are told the
// same way, each once per session: BeforeAgent too tells one only if the
// session's user was not told it already, so that a policy that answers
// every prompt does not repeat it on every prompt.
func SkipNotice(ev event.Event, v Verdict, log NoticeLog) Verdict {
	var lines []string
	if text := skipNoticeText(v); text != "" && tell(ev, text, log, false) {
		lines = append(lines, text)
	}
	for _, w := range v.Quiet {
		if text := "hookexec: warning: " + w; tell(ev, text, log, true) {
			lines = append(lines, text)
		}
	}
	if len(lines) == 0 {
		return v
	}
	return Notify(v, strings.Join(lines, "\n"))
}

// tell reports whether notice goes into the answer to ev (SkipNotice);
// once: BeforeAgent tells it only if it was not given yet.
func tell(ev event.Event, notice string, log NoticeLog, once bool) bool {
	switch {
	case ev.Name == "SessionStart":
		return true
	case ev.Name == "BeforeAgent":
		if log == nil {
			return true
		}
		given := log.Given(notice) // remembered, so that the next tool call does not repeat it
		return !once || !given
	case ev.CanBlock && log != nil:
		return !log.Given(notice)
	case log != nil && !once && ev.Strategy != event.StrategyToolSelection:
		// An event that cannot block tells its user of a guard that did
		// not run once per session too (SPEC §2.5); Gemini reads any
		// answer to BeforeToolSelection as a tool config.
		return !log.Given(notice)
	}
	return false
}

// PendingText is what the user is told of a project that changed since
// it was trusted (docs/trust.md, "After an edit"): what is pending
// review, that the last trusted hooks still run, and the one command that
// reviews the change.
func PendingText(pending, held []string) string {
	text := "hookexec: this project's hook files changed since you trusted them: " + PathList(pending) +
		". The hooks you trusted still run; new or changed hooks do not"
	if len(held) > 0 {
		text += " (held: " + termstyle.Inline(strings.Join(held[:min(len(held), maxNoticeItems)], "; "))
		if len(held) > maxNoticeItems {
			text += fmt.Sprintf(" and %d more", len(held)-maxNoticeItems)
		}
		text += ")"
	}
	return text + ". Review the change with 'hookexec trust'."
}

// PathList is paths as a notice or a reason names them: joined by ", ",
// each escaped and quoted when it holds a character a terminal or an agent
// would not show as it is (a newline taken from a directory name would
// start a line of its own).
func PathList(paths []string) string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = termstyle.Printable(p)
	}
	return strings.Join(out, ", ")
}

// Notify puts text first in v's systemMessage: what the user must know of
// an event that cannot block, such as a guard that did not run.
func Notify(v Verdict, text string) Verdict {
	if v.SystemMessage == "" {
		v.SystemMessage = text
	} else {
		v.SystemMessage = text + "\n" + v.SystemMessage
	}
	return v
}
