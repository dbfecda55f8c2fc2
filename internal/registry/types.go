package registry

import (
	"fmt"
	"time"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/matcher"
	"github.com/hookexec/hookexec/internal/permrule"
	"github.com/hookexec/hookexec/internal/rules"
	"github.com/hookexec/hookexec/internal/termstyle"
	"github.com/hookexec/hookexec/internal/trust"
)

// Dialect is the flavour a config file is read in (SPEC §2.2): hookexec's
// own (Native), or an agent's, named by the agent (internal/agents), whose
// description says how its configs are read (Dialect.Agent).
type Dialect string

// Native is hookexec's own dialect, which is no agent's.
const Native Dialect = "native"

// Source is where a config file came from (SPEC §2.3). Its numeric value is
// the source rank used in plan order.
type Source int

const (
	Runtime Source = iota
	Project
	User
	System
	Extension
)

func (s Source) String() string {
	switch s {
	case Project:
		return "project"
	case User:
		return "user"
	case System:
		return "system"
	case Extension:
		return "extension"
	default:
		return "runtime"
	}
}

// Position is a place in a config file. Line and Col are 1-based; 0 means
// unknown (the whole file).
type Position struct {
	File string
	Line int
	Col  int
}

func (p Position) String() string {
	file := termstyle.Printable(p.File)
	if p.Line == 0 {
		return file
	}
	return fmt.Sprintf("%s:%d:%d", file, p.Line, p.Col)
}

// Severity of a Diagnostic.
type Severity string

const (
	SeverityError   Severity = "error"
	SeverityWarning Severity = "warning"
)

// Diagnostic is one finding about a config file: for fire an entry that was
// skipped, or a hook that runs but probably not as meant (Kept), reported in
// the result's warnings; for validate a line of output.
type Diagnostic struct {
	Pos      Position
	Severity Severity
	Message  string
	// Kept: the hook was loaded all the same. validate reports such a
	// finding as a warning; a skipped entry is an error there.
	Kept bool
	// EventKey is the key of the "hooks" entry the finding is about, as
	// written (also an unknown one); "" for a finding about the whole file
	// or its settings.
	EventKey string
	// Skips: hooks of the file will not run because of it (an entry or a
	// file skipped, a matcher that never matches), so a guard may be
	// missing. The agent formats tell the user of these, and --fail-closed
	// denies over them (SPEC §6).
	Skips bool
	// Stand is the hook an invalid entry would have been, as far as its
	// definition tells (event, matcher, file; no command), when the
	// definition itself is valid: what it would have matched can be told
	// (engine: a skipped guard denies only the calls it would have
	// guarded). nil when that cannot be told.
	Stand *Hook
	// Untrusted: the hooks are left out because a project is not trusted
	// (its path is in Registry.Untrusted too), not because the file is
	// broken: 'hookexec trust' is the fix.
	Untrusted bool
	// RunsProjectFile: a validate finding about a hook of the user's that
	// executes a project file (SPEC §2.4); doctor reports these.
	RunsProjectFile bool
	// Weakens: the file does not say what its author meant, in a way that
	// turns a guard off or weakens it (a file that cannot be parsed, a
	// field hookexec does not know, a timeout no one means). trust refuses
	// the file, validate reports it as an error and doctor fails.
	Weakens bool
}

// String renders "file:line:col: severity: message".
func (d Diagnostic) String() string {
	return fmt.Sprintf("%s: %s: %s", d.Pos, d.Severity, d.Message)
}

// Line is the warning line of d in a verdict or a notice: "position:
// message", on one line whatever the names in the message hold.
func (d Diagnostic) Line() string {
	return d.Pos.String() + ": " + termstyle.Inline(d.Message)
}

// Styled is String in style s: the position in bold, the severity in red
// (error) or yellow (warning). clean, when not nil, is applied to the
// position and the message before they are coloured (trust.Printable).
func (d Diagnostic) Styled(s termstyle.Style, clean func(string) string) string {
	pos, msg := d.Pos.String(), d.Message
	if clean != nil {
		pos, msg = clean(pos), clean(msg)
	}
	sev := s.Warn(string(d.Severity))
	if d.Severity == SeverityError {
		sev = s.Fail(string(d.Severity))
	}
	return s.Bold(pos) + ": " + sev + ": " + msg
}

// Error is a fatal config error (missing, unreadable or malformed file).
// Its message is "FILE:LINE:COL: message" (SPEC §6).
type Error struct {
	Pos Position
	Msg string
	Err error // underlying error, if any
}

func (e *Error) Error() string { return e.Pos.String() + ": " + e.Msg }
func (e *Error) Unwrap() error { return e.Err }

// Matcher is a compiled matcher (SPEC §3.1).
type Matcher = matcher.Matcher

// File is one loaded config file.
type File struct {
	Path       string
	Source     Source
	Dialect    Dialect
	Enabled    bool // false: hooksConfig.enabled false or disableAllHooks true
	FailClosed bool // hooksConfig.failClosed
	// Project is true for a discovered project file (the project's own
	// or one of its extensions): it passed the trust check (SPEC §2.4).
	Project bool
}

// Hook is one valid hook entry. Values are immutable once loaded.
type Hook struct {
	// EventKey is the config key the hook is registered under (exact as
	// written, e.g. "PreToolUse"); Event is its catalogue entry.
	EventKey string
	Event    event.Event
	// KeyFamily is the family of tools EventKey is limited to (an alias
	// such as Cursor's beforeShellExecution, agent.Alias): the hook runs
	// only for tools of that family; "" for every tool.
	KeyFamily agent.Family

	Name        string
	Description string
	Command     string
	// Args is the exec form's argument list; ExecForm is true when the
	// entry had "args" (even an empty array).
	Args     []string
	ExecForm bool
	Shell    string
	// Timeout is the hook's own timeout, 0 when not set.
	Timeout time.Duration
	Env     map[string]string
	// FailClosed is the hook's own failClosed or onFailure "block", or its
	// file's failClosed.
	FailClosed bool
	// HTTP is the request of a "type": "http" hook (Command is then
	// empty); nil for a command hook.
	HTTP *HTTPHook
	// Rules is the rule set of a "type": "rules" hook, which hookexec
	// evaluates in its own process (Command is then empty); nil for the
	// other types.
	Rules *rules.Set
	// Async: "async" or "asyncRewake" is true. The verdict does not wait
	// for the hook; it runs in the background, bounded by its timeout,
	// and its answer is not read (asyncfields.go).
	Async bool
	// AsyncRewake: "asyncRewake" is true (Async is too).
	AsyncRewake bool

	Matcher Matcher
	// If is the hook's "if" permission rule as written ("" for none);
	// IfRule is it compiled, nil when it did not parse (the hook then
	// runs wherever its matcher matches: a broken filter never skips a
	// guard).
	If         string
	IfRule     *permrule.Rule
	Sequential bool
	Priority   int

	Source    Source
	File      string
	FileIndex int // position of the file in load order
	DefIndex  int // position of the definition within its file (file order, across event keys)
	HookIndex int // position within the definition's hooks
	Pos       Position
	Dialect   Dialect
	// FileDisabled is true when the hook's file is turned off.
	FileDisabled bool
	// FromProject is true for a hook of a project file (File.Project): it
	// ranks below every user, system and explicit hook (SPEC §2.4).
	FromProject bool
}

// DisplayName is the hook's name, else its command (SPEC §6), else an
// http hook's URL.
func (h *Hook) DisplayName() string {
	if h.Name != "" {
		return h.Name
	}
	return h.Target()
}

// Target is what the hook runs: its command, an http hook's URL, or what
// a rules hook holds.
func (h *Hook) Target() string {
	if h.HTTP != nil {
		return h.HTTP.URL
	}
	if h.Rules != nil {
		return "rules: " + h.Rules.Summary()
	}
	return h.Command
}

// Registry is the immutable result of loading configs.
type Registry struct {
	Files []File
	// Hooks are all valid hooks of all files (also those of disabled files),
	// sorted in plan order (SPEC §2.3).
	Hooks []*Hook
	// Disabled is the union of every file's hooksConfig.disabled list.
	Disabled []DisabledName
	// Warnings are entries that were skipped, in file order.
	Warnings []Diagnostic
	// Untrusted are the discovered project files that exist but were not
	// parsed because the project is not trusted (SPEC §2.4), in load order.
	Untrusted []string
	// Pending are the project files (relative to the project root,
	// sorted) that changed since the project was trusted while its last
	// trusted version keeps running (docs/trust.md). 'hookexec trust'
	// reviews them.
	Pending []string
	// Held are the hooks of the last trusted version that do not run
	// because a file they name changed ("command (changed: file)");
	// HeldHooks the same hooks, in the same order, so that a held guard
	// (failClosed) can still deny what it would have guarded.
	Held      []string
	HeldHooks []*Hook
	// Broken are the discovered project files that were skipped because
	// they could not be read or parsed (SPEC §2.4); each also has a
	// warning.
	Broken []string
	// Trust is the trust decision the load made for the project's files
	// (SPEC §2.4); nil when no project file existed, so none was needed.
	Trust *trust.Decision
	// Getenv is the environment as Load read it: without the values
	// SafeEnv ignored (each has a warning). Planning reads
	// HOOKEXEC_SHELL and HOME through it; HOOKEXEC_SHELL reads as
	// Settings.Shell when the environment (as SafeEnv keeps it) has none.
	Getenv func(string) string
	// Settings are the user's own settings (the "settings" object of the
	// user's config file), read whichever files were loaded.
	Settings Settings
	// settingsRead: the user's config file was decoded (its settings, if
	// any, are in Settings).
	settingsRead bool
	// env is the environment policy Load applied (SafeEnv), which
	// HookEnviron applies to the environment hooks get.
	env envPolicy
}

// DisabledName is one entry of a hooksConfig.disabled list.
type DisabledName struct {
	Name string
	// FromProject: the list is a project file's, so it applies to project
	// hooks only (SPEC §2.4).
	FromProject bool
}

// ForEvent returns the hooks registered under any key of e, in plan order.
func (r *Registry) ForEvent(e event.Event) []*Hook {
	var out []*Hook
	for _, h := range r.Hooks {
		if h.Event.Name == e.Name {
			out = append(out, h)
		}
	}
	return out
}

// IsDisabled reports whether hooksConfig.disabled names the hook: its name,
// or its command when it has no name. A project file's list never disables
// a user, system or explicit hook.
func (r *Registry) IsDisabled(h *Hook) bool {
	for _, d := range r.Disabled {
		if d.Name == h.DisplayName() && (!d.FromProject || h.FromProject) {
			return true
		}
	}
	return false
}
