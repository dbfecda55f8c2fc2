package setup

import (
	"fmt"
	"os"

	"github.com/hookexec/hookexec/internal/agents"
	agentdesc "github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/dirs"
)

// Agent is a coding agent whose settings file hookexec installs into: its
// description in the agent table (internal/agents), which says where its
// settings live, how its entries are shaped and which events it has.
type Agent = agentdesc.Agent

// Scope says which settings file: the project's or the user's.
type Scope = agentdesc.Scope

// The scopes (agent.ProjectScope, agent.UserScope).
const (
	ProjectScope = agentdesc.ProjectScope
	UserScope    = agentdesc.UserScope
)

// ParseAgent finds an agent by name, case-insensitively (agents.Parse).
func ParseAgent(name string) (Agent, error) { return agents.Parse(name) }

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
