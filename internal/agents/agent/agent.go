package agent

import (
	"path/filepath"
	"slices"
	"time"

	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

// Agent is everything hookexec knows of one coding agent. Every field is
// set, or deliberately left empty (the table's test checks each agent).
type Agent struct {
	// Name is the agent's name on the command line (install, doctor,
	// uninstall) and the name of the dialect its own hook configs are read
	// in: "claude".
	Name string
	// Title is the agent's own name, for messages: "Claude Code".
	Title string

	// Dir is the agent's settings directory under the project and under
	// the home directory (".claude"). A config file directly in a
	// directory of that name is read in the agent's dialect (SPEC §2.2).
	Dir string
	// SettingsFile is the name of the settings file in Dir that install
	// writes hookexec's entries into: "settings.json".
	SettingsFile string
	// ProjectFile and UserFile are the files install writes hookexec's
	// entries into, relative to the project directory and to the home
	// directory (slash-separated); "" for Dir/SettingsFile. UserFile "-"
	// (or ProjectFile "-"): the agent has no such scope.
	ProjectFile, UserFile string
	// LocalProjectFile is the project's settings file that is not
	// committed, which the agent reads hooks from besides ProjectFile
	// (".claude/settings.local.json", slash-separated): install --project
	// writes hookexec's entries there, with this machine's path to
	// hookexec, and install --http the serve token; "" when the agent has
	// none (install --project then writes the committed file).
	LocalProjectFile string
	// HomeVar is the variable that, when set, names the agent's directory
	// in the home directory instead (COPILOT_HOME for .copilot, UserFile's
	// first element); "" when the agent reads none.
	HomeVar string
	// ConfigDirs are further directories (relative, slash-separated, e.g.
	// ".github/hooks") a config file directly in which is read in the
	// agent's dialect, besides Dir.
	ConfigDirs []string
	// Layout is the shape of the agent's hook settings, and Flat its
	// entries' keys when Layout is LayoutFlat.
	Layout Layout
	Flat   Flat
	// SettingsComments: the agent reads // and /* */ comments in its
	// settings file (install and uninstall keep them); false: a comment
	// makes the file malformed to it.
	SettingsComments bool
	// PluginManifest is the file, relative to a plugin's directory, that
	// makes the plugin's hooks/hooks.json a config of this agent's
	// dialect (".claude-plugin/plugin.json"); "" when the agent has no
	// plugins.
	PluginManifest string
	// PluginRootVar is the variable a plugin's hooks get their plugin's
	// directory in ("CLAUDE_PLUGIN_ROOT"); "" without plugins.
	PluginRootVar string

	// Events gives the agent's name for a catalogue event, and false when
	// the agent has no such event.
	Events func(ev event.Event) (key string, ok bool)
	// DefaultEvents are the events (the agent's names) install sets up
	// when no config has a hook yet: those of the agent's recipe (docs/agents/).
	DefaultEvents []string
	// Aliases are the agent's further event names, each for a catalogue
	// event and maybe one family of tools (Cursor's beforeShellExecution).
	Aliases []Alias

	// Tools names the agent's built-in tools by what they do, as its
	// events' tool_name gives them.
	Tools Tools
	// MCPPrefix starts the name of an MCP server's tool ("mcp__"); "" when
	// the agent names them otherwise.
	MCPPrefix string
	// Payload reads the agent's event input into the normalized view; nil
	// when the agent sends Claude Code's payload (tool_name, tool_input).
	Payload Payload

	// TimeoutUnit is the unit of a numeric "timeout" in the agent's
	// configs; DefaultTimeout the timeout of a hook that sets none.
	TimeoutUnit    time.Duration
	DefaultTimeout time.Duration
	// TimeoutMillisFrom: a numeric timeout of this many TimeoutUnits or
	// more is in milliseconds (Qwen Code 0.24.4: 1000, for the configs its
	// older documentation told to write in milliseconds); 0 for none.
	TimeoutMillisFrom float64
	// MaxTimeout is the longest hook timeout the agent accepts: a longer
	// one makes it refuse its whole config (Kimi Code: 600 s). install
	// writes no more, doctor reports an entry over it; 0 for no limit.
	MaxTimeout time.Duration
	// Shells are the programs tried, in order, for the shell form on Unix
	// when neither the hook nor $HOOKEXEC_SHELL names one: the first that
	// is installed, else the last.
	Shells []string
	// ShellValues are the only values the agent accepts for a hook's
	// "shell", each with the program hookexec runs for it ("" is the
	// default shell); nil when "shell" names a program, as in hookexec's
	// own dialect.
	ShellValues []ShellValue
	// Matchers is how the agent reads a definition's matcher.
	Matchers MatcherRules
	// MatchesWithoutValue: an event input without the match field (or
	// with it empty) matches every matcher, and a Notification matcher is
	// never compared (Gemini CLI's planner); false: SPEC §1 (only a
	// match-all matcher matches an input without the field).
	MatchesWithoutValue bool
	// IfFilter: the agent reads a hook's "if" permission rule; without
	// it such a hook runs on every call its matcher selects.
	IfFilter bool
	// OnFailure: the agent reads a hook's "onFailure": "block"; install
	// writes it on hookexec's entries (OnFailureApplies).
	OnFailure bool
	// FailPolicyIgnored are the event keys on which the agent ignores a
	// hook's fail policy (a block there means "keep working", so a broken
	// hook would keep the agent going forever).
	FailPolicyIgnored []string
	// RunsInProjectDir: the agent runs its hooks in the project directory;
	// false: in its own working directory, the event input's cwd (SPEC
	// §4.2).
	RunsInProjectDir bool

	// ProjectVar is the variable the agent sets to the project directory:
	// every hook gets it, it names the project directory to fire, and
	// when set it says that hookexec runs as an agent's hook.
	ProjectVar string
	// Markers are the other variables the agent sets for the commands it
	// runs (and hookexec does not set itself), which say that hookexec
	// runs as the agent's hook; nil for none besides ProjectVar.
	Markers []string
	// SessionVar is the variable the agent sets to the session id; "" for
	// none.
	SessionVar string
	// CwdVar is the variable the agent sets to the hook's working
	// directory; "" for none.
	CwdVar string
	// PastedVars are the variables the agent replaces in a shell command's
	// text, each by its value quoted by PasteQuote, before the shell sees
	// it; hookexec makes the shell read the same words from variables
	// instead (registry). nil when the agent leaves the text alone.
	PastedVars []string
	// PasteQuote quotes a value as the agent pastes it into a command;
	// nil when PastedVars is.
	PasteQuote func(value string) string

	// Reads is how the agent reads a hook's exit status and output: one
	// of the shared readings (internal/reading) or the agent's own.
	Reads Reader
	// Format is fire's --format that answers as the agent reads one hook:
	// the agent's own name, or that of the agent whose answers it reads.
	Format string
	// Answer is the agent's format, when Format is the agent's own name;
	// zero when the agent reads another agent's.
	Answer Answer

	// HookName is the "name" install gives hookexec's entries ("" for
	// none).
	HookName string
	// Enable is the step, besides writing the entries, without which the
	// agent runs no hook of hookexec's (a switch in its settings, a trust
	// store): install takes it, uninstall undoes it, doctor checks it. The
	// agent's folder implements it; nil for an agent that needs none
	// (EnableStep).
	Enable Enable
	// AlsoRuns are the agents whose hook settings this agent runs as well
	// as its own (Cursor and Copilot CLI run Claude Code's): installing
	// hookexec for both would run every policy twice.
	AlsoRuns []string
	// HTTP is how the agent runs a hook of "type": "http", which install
	// --http points at hookexec serve --http; zero for an agent without
	// http hooks.
	HTTP HTTPHooks
}

// HTTPHooks is what install --http needs to know of an agent's http hooks.
// Either Refused is set (install --http refuses, saying why) or EnvKey is
// (and the agent's LocalProjectFile, where install --http --project puts
// the token).
type HTTPHooks struct {
	// CommandOnly are the event keys on which the agent runs no http hook
	// (Claude Code 2.1.328: SessionStart and Setup): install --http keeps
	// the command entry there.
	CommandOnly []string
	// EnvKey is the settings file's object whose members the agent puts
	// into its environment at start-up ("env"): install puts the serve
	// token there, which the http entries' headers name.
	EnvKey string
	// Refused says why install --http refuses the agent (its http hooks
	// always fail open, or refuse a plain-http URL): "" when it works.
	Refused string
}

// RunsHTTP reports whether install --http can set the agent up.
func (h HTTPHooks) RunsHTTP() bool { return h.Refused == "" && h.EnvKey != "" }

// Answer is an agent's format: how fire answers when hookexec is the
// agent's one hook (fire --format NAME, SPEC §6).
type Answer struct {
	// Render renders the verdict as the agent reads one hook's output.
	Render verdict.Renderer
	// ExitBlocked reports whether fire exits 2 (with the answer, and the
	// reason on stderr) for a blocked verdict; nil or false: fire exits 0
	// and the answer blocks.
	ExitBlocked func(ev event.Event, v verdict.Verdict) bool
	// Failed lists the hooks whose failure fire reports by exiting 1
	// (with the answer); nil: the answer itself tells of them.
	Failed func(v verdict.Verdict) []string
	// ErrorsExitZero: a config or input error is told in the answer and
	// fire exits 0; false: fire exits 1 (2 when the answer denies).
	ErrorsExitZero bool
	// Blocks reports whether the agent, running one hook that printed
	// stdout and exited with status on ev, blocks (denies the tool, blocks
	// the prompt, keeps a stop from ending the turn); nil: the rule of the
	// agent's Reads (Reader.Blocks). Tests use it to check that a
	// deny holds as the agent reads it.
	Blocks func(ev event.Event, stdout []byte, status int) bool
	// Warning is text for the agent's user that fire prints on stderr,
	// exiting 2, when the answer does not block: an agent that shows a
	// hook's stderr on exit 2 as a warning and reads its answer all the
	// same (Copilot CLI, on the events other than its tool guards) hears of a
	// failed policy or of hooks hookexec left out. nil, or "" for a
	// verdict: fire exits as the verdict says.
	Warning func(ev event.Event, v verdict.Verdict) string
}

// ShellValue is one value an agent accepts for a hook's "shell", and the
// program hookexec runs for it ("": the dialect's default shell).
type ShellValue struct {
	Name, Program string
}

// EventKey is the agent's name for ev, and false when the agent has no
// such event.
func (a Agent) EventKey(ev event.Event) (string, bool) { return a.Events(ev) }

// IgnoresFailPolicy reports whether the agent ignores a hook's fail policy
// on the event key.
func (a Agent) IgnoresFailPolicy(key string) bool { return slices.Contains(a.FailPolicyIgnored, key) }

// OnFailureApplies reports whether install writes "onFailure": "block" on
// hookexec's entry for ev: the agent reads it, and ev can block where it
// applies.
func (a Agent) OnFailureApplies(ev event.Event) bool {
	key, ok := a.EventKey(ev)
	return a.OnFailure && ok && ev.CanBlock && !a.IgnoresFailPolicy(key)
}

// Units converts d to the agent's timeout unit, rounding up; to
// milliseconds where the agent reads that number as milliseconds
// (TimeoutMillisFrom).
func (a Agent) Units(d time.Duration) int64 {
	n := int64((d + a.TimeoutUnit - 1) / a.TimeoutUnit)
	if a.UnitOf(float64(n)) != a.TimeoutUnit {
		return int64((d + time.Millisecond - 1) / time.Millisecond)
	}
	return n
}

// UnitOf is the unit the agent reads the numeric timeout n in:
// TimeoutUnit, or milliseconds from TimeoutMillisFrom on.
func (a Agent) UnitOf(n float64) time.Duration {
	if a.TimeoutMillisFrom > 0 && n >= a.TimeoutMillisFrom {
		return time.Millisecond
	}
	return a.TimeoutUnit
}

// Scope says which settings file of an agent: the project's or the user's.
type Scope int

const (
	// ProjectScope is the settings file under the project directory.
	ProjectScope Scope = iota
	// UserScope is the settings file under the user's home directory.
	UserScope
)

// String names the scope as messages do: "project" or "user".
func (s Scope) String() string {
	if s == UserScope {
		return "user"
	}
	return "project"
}

// SettingsPath is the agent's settings file for scope: under projectDir,
// or under home.
func (a Agent) SettingsPath(s Scope, projectDir, home string) string {
	if s == UserScope {
		if a.UserFile != "" {
			return filepath.Join(home, filepath.FromSlash(a.UserFile))
		}
		return filepath.Join(home, a.Dir, a.SettingsFile)
	}
	if a.ProjectFile != "" {
		return filepath.Join(projectDir, filepath.FromSlash(a.ProjectFile))
	}
	return filepath.Join(projectDir, a.Dir, a.SettingsFile)
}

// HasScope reports whether the agent has hook settings in scope s.
func (a Agent) HasScope(s Scope) bool {
	if s == UserScope {
		return a.UserFile != "-"
	}
	return a.ProjectFile != "-"
}

// ShellProgram is the program hookexec runs for a hook's "shell" value s:
// the program ShellValues gives it, else s itself.
func (a Agent) ShellProgram(s string) string {
	for _, v := range a.ShellValues {
		if v.Name == s {
			return v.Program
		}
	}
	return s
}
