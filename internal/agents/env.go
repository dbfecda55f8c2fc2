package agents

import (
	"slices"

	"github.com/hookexec/hookexec/internal/agents/agent"
)

// ProjectDirVars are the variables the agents set to the project
// directory, in table order (CLAUDE_PROJECT_DIR, ...).
func ProjectDirVars() []string {
	var out []string
	for _, a := range refs() {
		if a.ProjectVar != "" && !slices.Contains(out, a.ProjectVar) {
			out = append(out, a.ProjectVar)
		}
	}
	return out
}

// Env is the variables the agents set for their hooks that every hook
// gets, whatever its dialect: each agent's project directory and session
// id variables.
func Env(projectDir, sessionID string) map[string]string {
	env := map[string]string{}
	for _, a := range refs() {
		if a.ProjectVar != "" {
			env[a.ProjectVar] = projectDir
		}
		if a.SessionVar != "" {
			env[a.SessionVar] = sessionID
		}
	}
	return env
}

// CwdEnv is the agents' variables for a hook's working directory, set to
// dir.
func CwdEnv(dir string) map[string]string {
	env := map[string]string{}
	for _, a := range refs() {
		if a.CwdVar != "" {
			env[a.CwdVar] = dir
		}
	}
	return env
}

// Markers are the variables an agent sets in its hooks' environment (and
// that hookexec does not set itself): when one is set, hookexec runs as an
// agent's hook. Each agent's project directory variable, then its other
// markers (agent.Agent.Markers), in table order.
func Markers() []string {
	var out []string
	for _, a := range refs() {
		if a.ProjectVar != "" {
			out = append(out, a.ProjectVar)
		}
		out = append(out, a.Markers...)
	}
	return out
}

// ShellTools are the agents' tools that run a shell command
// (agent.Tools.Shell), each once, in table order.
func ShellTools() []string { return tools(agent.Tools.Shell) }

// FileTools are the agents' tools that name files in their input
// (agent.Tools.Files), each once, in table order.
func FileTools() []string { return tools(agent.Tools.Files) }

func tools(family func(agent.Tools) []string) []string {
	var out []string
	for _, a := range refs() {
		for _, name := range family(a.Tools) {
			if !slices.Contains(out, name) {
				out = append(out, name)
			}
		}
	}
	return out
}
