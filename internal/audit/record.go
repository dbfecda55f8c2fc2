package audit

import "github.com/hookexec/hookexec/internal/verdict"

// Version is the record format's version, the "v" of every line. A reader
// skips lines of a version it does not know (and says how many).
const Version = 1

// Record is one line of the log: one fired event and what came of it. The
// input is only ever present as a short, secret-safe summary (Input); hook
// output as a short excerpt of the hooks that decided or failed.
type Record struct {
	V int `json:"v"`
	// ID names the record for 'hookexec why ID': unique per line (time,
	// pid and a counter, or random), a short prefix of it picks it.
	ID string `json:"id"`
	// Time is when the event was fired, RFC 3339 with nanoseconds, UTC.
	Time string `json:"time"`
	// Agent is the agent detected or named by --format ("" if none), for
	// an event that came from an agent: a fire run by hand (no agent's
	// variables in its environment, trust.UnderAgent) names none and sets
	// ByHand, whatever its --format. Format is the answer's format (""
	// for hookexec's own result JSON); Via how the event arrived: "fire"
	// or "serve".
	Agent  string `json:"agent,omitempty"`
	ByHand bool   `json:"byHand,omitempty"`
	Format string `json:"format,omitempty"`
	Via    string `json:"via"`
	// Event is the canonical event; EventName the name it was fired
	// under when that differs (an agent's own name).
	Event     string `json:"event"`
	EventName string `json:"eventName,omitempty"`
	// Session is the agent's session id from the input, when it has one.
	Session string `json:"session,omitempty"`
	// Project is the project directory resolved for the event ("" when
	// none); Cwd the input's cwd when it differs.
	Project string `json:"project,omitempty"`
	Cwd     string `json:"cwd,omitempty"`
	// Tool is the tool's name for tool events; Input a short summary of
	// the tool input or prompt, with secrets masked (Summarize).
	Tool  string `json:"tool,omitempty"`
	Input string `json:"input,omitempty"`

	// Decision is the verdict's decision ("allow", "deny", "ask", "block",
	// ... or "" when no hook decided); Blocked says the event was blocked
	// (exit 2, or the agent format's block). Reason is the verdict's
	// reason, cut to a few hundred bytes.
	Decision string `json:"decision,omitempty"`
	Blocked  bool   `json:"blocked"`
	Reason   string `json:"reason,omitempty"`
	// Error is the config, input or usage error answered instead of
	// running hooks ("" when hooks ran).
	Error string `json:"error,omitempty"`
	// Policy is the hook that decided: the first blocking hook in plan
	// order, else the first that returned a decision; nil when none did.
	Policy *Hook `json:"policy,omitempty"`
	// Failed are the hooks that failed, timed out, could not start or
	// were cancelled (never the deciding one twice).
	Failed []Hook `json:"failed,omitempty"`
	// Hooks is how many hooks ran; Warnings the verdict's warnings, cut.
	Hooks    int      `json:"hooks"`
	Warnings []string `json:"warnings,omitempty"`
	// GuardOff are the reasons hooks hookexec was given did not run for
	// this event (SPEC §2.5): untrusted or changed project files, held
	// hooks, skipped files and entries, an unknown event, a config error;
	// each says whether --untrusted skip let the event through.
	// 'hookexec log --guard-off' lists the records that have any.
	GuardOff []verdict.GuardOff `json:"guardOff,omitempty"`
	// DurationMs is the whole event's time in milliseconds.
	DurationMs float64 `json:"durationMs"`
}

// Hook is one hook as the log keeps it: enough for 'hookexec why' to say
// which policy decided, where it is written, how it matched, what it
// printed and how it exited.
type Hook struct {
	Name    string `json:"name,omitempty"`
	Command string `json:"command,omitempty"`
	// Source is "project", "user", "flag", ... ; File the config file and
	// Line its line where the hook is written (0 when unknown).
	Source string `json:"source,omitempty"`
	File   string `json:"file,omitempty"`
	Line   int    `json:"line,omitempty"`
	// Matcher is the matcher the hook's entry was selected with ("" for
	// none: every tool), If its "if" rule when it has one.
	Matcher string `json:"matcher,omitempty"`
	If      string `json:"if,omitempty"`
	// Outcome is verdict.Outcome's text; ExitCode nil when the hook never
	// exited (a signal, a spawn error); Signal the signal that ended it.
	Outcome  string `json:"outcome"`
	ExitCode *int   `json:"exitCode,omitempty"`
	Signal   string `json:"signal,omitempty"`
	// Stdout and Stderr are excerpts of what the hook printed (at most
	// ExcerptBytes each, cut on a character boundary, masked like Input).
	Stdout     string  `json:"stdout,omitempty"`
	Stderr     string  `json:"stderr,omitempty"`
	Error      string  `json:"error,omitempty"`
	DurationMs float64 `json:"durationMs"`
	// Decision and Reason are the hook's own answer when it decided (a
	// rules hook's: the rule or pack check, its file:line and the
	// command that matched), the reason masked and cut at ReasonBytes.
	Decision string `json:"decision,omitempty"`
	Reason   string `json:"reason,omitempty"`
}

// ExcerptBytes bounds each of a hook's Stdout and Stderr in a record;
// SummaryBytes the input summary; ReasonBytes the reason and each warning.
const (
	ExcerptBytes = 1024
	SummaryBytes = 200
	ReasonBytes  = 512
)
