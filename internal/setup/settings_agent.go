package setup

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/hookexec/hookexec/internal/dirs"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/registry"
)

// Agent is a coding agent whose settings file hookexec installs into.
type Agent struct {
	// Name is what the command line calls it: claude, gemini, llxprt.
	Name string
	// Title is the agent's own name, for messages.
	Title string
	// Dir is the settings directory under the project and the home
	// directory (.claude, .gemini, .llxprt).
	Dir string
	// Format is fire's --format for this agent.
	Format string
	// Unit is the unit of the agent's "timeout".
	Unit time.Duration
	// DefaultTimeout is the agent's timeout for a hook that sets none.
	DefaultTimeout time.Duration
	// HookName is the "name" of hookexec's entry ("" for none).
	HookName string
	// NeedsEnable: hooks run only with "hooksConfig": {"enabled": true}.
	NeedsEnable bool
	// ProjectVar is the variable the agent sets to the project directory.
	ProjectVar string
	// OnFailure: the agent reads a hook's "onFailure": "block" (Claude Code
	// since 2.1.295: a hook that cannot start, times out or exits with a
	// status other than 0 and 2 blocks the action instead of letting it
	// through). install writes it on hookexec's entries for the events
	// where it applies (OnFailureApplies), unless --fail-open.
	OnFailure bool
}

// OnFailureApplies reports whether install writes "onFailure": "block" on
// hookexec's entry for ev: the agent reads it, and ev can block where it
// applies.
func (a Agent) OnFailureApplies(ev event.Event) bool {
	key, ok := a.EventKey(ev)
	// Stop (a real run: a Stop hook that exits 1 with it is reported as a
	// problem and the session ends all the same) and the loop's other stop
	// points ignore it (registry.OnFailureIgnored).
	return a.OnFailure && ok && ev.CanBlock && !registry.OnFailureIgnored(key)
}

// Agents lists the agents install knows, in the README's order.
func Agents() []Agent {
	return []Agent{
		{Name: "claude", Title: "Claude Code", Dir: ".claude", Format: "claude", Unit: time.Second, DefaultTimeout: 600 * time.Second, ProjectVar: "CLAUDE_PROJECT_DIR", OnFailure: true},
		{Name: "gemini", Title: "Gemini CLI", Dir: ".gemini", Format: "gemini", Unit: time.Millisecond, DefaultTimeout: 60 * time.Second, HookName: "hookexec", NeedsEnable: true, ProjectVar: "GEMINI_PROJECT_DIR"},
		{Name: "llxprt", Title: "LLxprt Code", Dir: ".llxprt", Format: "gemini", Unit: time.Millisecond, DefaultTimeout: 60 * time.Second, ProjectVar: "LLXPRT_PROJECT_DIR"},
	}
}

// ParseAgent finds an agent by name, case-insensitively.
func ParseAgent(name string) (Agent, error) {
	for _, a := range Agents() {
		if strings.EqualFold(a.Name, strings.TrimSpace(name)) {
			return a, nil
		}
	}
	return Agent{}, fmt.Errorf("unknown agent %q (want claude, gemini or llxprt)", name)
}

// EventKey is the agent's name for ev, and false when the agent has no
// such event (Claude Code has no BeforeModel; Gemini CLI no
// PermissionRequest).
func (a Agent) EventKey(ev event.Event) (string, bool) {
	if a.Name == "claude" {
		return ev.Claude, ev.Claude != ""
	}
	return ev.Name, !ev.ClaudeOnly
}

// DefaultEvents are the events install sets up when no config has a hook
// yet: those of the README's recipe for the agent.
func (a Agent) DefaultEvents() []string {
	if a.Name == "claude" {
		return []string{"PreToolUse", "PermissionRequest", "PostToolUse", "UserPromptSubmit", "Stop", "SubagentStop", "SessionStart", "PreCompact"}
	}
	return []string{"BeforeTool", "AfterTool", "BeforeAgent", "AfterAgent", "BeforeModel", "BeforeToolSelection", "SessionStart"}
}

// Units converts d to the agent's timeout unit, rounding up.
func (a Agent) Units(d time.Duration) int64 {
	return int64((d + a.Unit - 1) / a.Unit)
}

// Scope says which settings file: the project's or the user's.
type Scope int

const (
	ProjectScope Scope = iota
	UserScope
)

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
		return filepath.Join(home, a.Dir, "settings.json")
	}
	return filepath.Join(projectDir, a.Dir, "settings.json")
}

// HomeDir is os.UserHomeDir read through getenv: $HOME, on Windows
// %USERPROFILE%, on Plan 9 $home.
func HomeDir(getenv func(string) string) (string, error) {
	if getenv == nil {
		getenv = os.Getenv
	}
	dir, name := dirs.UserHome(getenv)
	if dir != "" {
		return dir, nil
	}
	return "", fmt.Errorf("setup: $%s is not set: cannot find the user's settings", name)
}
