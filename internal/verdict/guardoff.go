package verdict

// GuardOff is one reason a hook hookexec was given did not run, or ran
// weakened, for an event (SPEC §2.5): the decision log keeps it, so that
// 'hookexec log --guard-off' answers "was a guard off?".
type GuardOff struct {
	// Kind is one of the GuardOff* kinds.
	Kind string `json:"kind"`
	// File is the file the hooks are in ("" when there is none: an
	// unknown event).
	File string `json:"file,omitempty"`
	// Detail says what was left out and why.
	Detail string `json:"detail,omitempty"`
	// OptedOut: the event was let through because the user asked for it
	// (--untrusted skip, or the user's settings.untrusted "skip");
	// otherwise an event that can block was denied.
	OptedOut bool `json:"optedOut,omitempty"`
}

// The kinds of GuardOff.
const (
	// GuardOffUntrusted: a project file not trusted yet (a fresh clone).
	GuardOffUntrusted = "untrusted"
	// GuardOffChanged: a project file changed since it was trusted.
	GuardOffChanged = "changed"
	// GuardOffHeld: a hook of the last trusted version held because a
	// file it names changed.
	GuardOffHeld = "held"
	// GuardOffSkippedFile: a file that cannot be read or parsed, is not a
	// regular file, is too big or has an unsafe owner or mode.
	GuardOffSkippedFile = "skipped-file"
	// GuardOffSkippedEntry: an invalid entry, definition or matcher.
	GuardOffSkippedEntry = "skipped-entry"
	// GuardOffUnknownEvent: an event hookexec does not know, with no hook
	// registered under its name.
	GuardOffUnknownEvent = "unknown-event"
	// GuardOffConfigError: a config error, so no hook ran at all;
	// GuardOffInputError: an input error, likewise.
	GuardOffConfigError = "config-error"
	GuardOffInputError  = "input-error"
)
