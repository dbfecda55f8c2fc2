package verdict

import "time"

// Outcome of one hook (SPEC §4.6).
type Outcome string

const (
	Success    Outcome = "success"
	Blocked    Outcome = "blocked"
	Error      Outcome = "error"
	Timeout    Outcome = "timeout"
	SpawnError Outcome = "spawn_error"
	Cancelled  Outcome = "cancelled"
	Skipped    Outcome = "skipped"
	// Async: the hook was started in the background (Claude Code's async
	// and asyncRewake); the verdict did not wait for it and never reads
	// its answer. Not a failure, never a decision.
	Async Outcome = "async"
)

// Output is a hook's normalized output object (SPEC §4.6), and the shape of
// the merged verdict's fields.
type Output struct {
	Decision      string `json:"decision,omitempty"`
	Reason        string `json:"reason,omitempty"`
	Continue      *bool  `json:"continue,omitempty"`
	StopReason    string `json:"stopReason,omitempty"`
	SystemMessage string `json:"systemMessage,omitempty"`
	// SuppressOutput is a pointer so that the replace strategy can tell an
	// explicit false (which replaces an earlier true) from an absent field.
	SuppressOutput     *bool          `json:"suppressOutput,omitempty"`
	HookSpecificOutput map[string]any `json:"hookSpecificOutput,omitempty"`

	// WholeToolInput: this output's hookSpecificOutput.tool_input replaces
	// the earlier hooks' instead of being merged into them, as Gemini CLI
	// merges its hooks' answers (set for the gemini dialect).
	WholeToolInput bool `json:"-"`
	// ReplacesToolInput: in a sequential run this output's updatedInput
	// replaced the whole tool input that the hooks before it had patched
	// (SPEC §4.7), so their tool_input patches are not merged again
	// (GuardRewrites).
	ReplacesToolInput bool `json:"-"`
}

// Blocks reports whether the output blocks: decision deny or continue false.
func (o *Output) Blocks() bool {
	return o != nil && (o.Decision == "deny" || (o.Continue != nil && !*o.Continue))
}

// HookReport is one entry of the result's "hooks" array (SPEC §6).
type HookReport struct {
	Name            string  `json:"name"`
	Command         string  `json:"command"`
	Source          string  `json:"source"`
	File            string  `json:"file"`
	Event           string  `json:"event"`
	Outcome         Outcome `json:"outcome"`
	ExitCode        *int    `json:"exitCode"`
	Signal          string  `json:"signal"`
	DurationMs      float64 `json:"durationMs"`
	Stdout          string  `json:"stdout"`
	Stderr          string  `json:"stderr"`
	StdoutTruncated bool    `json:"stdoutTruncated"`
	StderrTruncated bool    `json:"stderrTruncated"`
	Output          *Output `json:"output,omitempty"`
	Error           string  `json:"error,omitempty"`
	// StdoutDropped / StderrDropped: the bytes of a cut stream that are
	// not in Stdout / Stderr, which its marker counts (StreamMarker); not
	// part of the result.
	StdoutDropped int64 `json:"-"`
	StderrDropped int64 `json:"-"`
	// Warnings are what the hook's answer says in a place no reader
	// looks (a key at the wrong level, a misspelled one, plain text the
	// model never sees), each with its fix; the verdict's
	// Warnings and Quiet carry them, so they are not part of the result.
	Warnings []string `json:"-"`
	// Dialect is the dialect of the hook's file; not part of the result.
	Dialect string `json:"-"`
	// Project is Meta.Project; not part of the result (source says it).
	Project bool `json:"-"`
	// Line is the line of the hook's entry in File (0 when unknown),
	// Matcher the matcher its entry was selected with ("" for none) and
	// If its "if" rule; not part of the result (the decision log keeps
	// them, internal/audit).
	Line    int    `json:"-"`
	Matcher string `json:"-"`
	If      string `json:"-"`
	// Start is when the hook was started (zero if it never ran); not part
	// of the result JSON, it places the hook on a timeline (fire --trace).
	Start time.Time `json:"-"`
}

// Verdict is the merged result of one event (SPEC §5, §6).
type Verdict struct {
	Event              string         `json:"event"`
	Blocked            bool           `json:"blocked"`
	Decision           string         `json:"decision,omitempty"`
	Reason             string         `json:"reason,omitempty"`
	Continue           bool           `json:"continue"`
	StopReason         string         `json:"stopReason,omitempty"`
	SystemMessage      string         `json:"systemMessage,omitempty"`
	SuppressOutput     bool           `json:"suppressOutput,omitempty"`
	HookSpecificOutput map[string]any `json:"hookSpecificOutput,omitempty"`
	Hooks              []HookReport   `json:"hooks"`
	Warnings           []string       `json:"warnings,omitempty"`
	// Untrusted lists the project files that were not read because the
	// project is not trusted (SPEC §2.4).
	Untrusted []string `json:"untrusted,omitempty"`
	// Pending lists the project files that changed since the project was
	// trusted: its last trusted hooks ran instead, and nothing new or
	// changed did, until 'hookexec trust' (docs/trust.md, "After an edit").
	Pending []string `json:"pending,omitempty"`
	// Held lists the hooks of the last trusted version that did not run
	// because a file they name changed.
	Held []string `json:"held,omitempty"`
	// Skipped are the warnings (also in Warnings) about hooks that were
	// left out: entries, files or matchers hookexec skipped. The agent
	// formats tell the user of them, so that a missing guard is never
	// silent; not part of the result.
	Skipped []string `json:"-"`
	// Quiet are the warnings (also in Warnings) about hooks' answers with
	// a field where no reader looks (HookReport.Warnings, named by hook).
	// The agent formats tell the user of each once per session; not part
	// of the result.
	Quiet []string `json:"-"`
	// GuardOff are the reasons hooks that were given did not run (SPEC
	// §2.5); the decision log keeps them. Not part of the result.
	GuardOff   []GuardOff `json:"-"`
	DurationMs float64    `json:"durationMs"`
}
