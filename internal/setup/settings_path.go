package setup

import (
	"path/filepath"
	"strings"

	"github.com/hookexec/hookexec/internal/dirs"
)

// agentSettingsPath is the agent's settings file for scope s
// (Agent.SettingsPath), with the user's file in the directory the agent's
// HomeVar names when it is set (COPILOT_HOME for ~/.copilot, CODEX_HOME
// for ~/.codex): there the
// agent reads it, not under the home directory.
func agentSettingsPath(ag Agent, s Scope, projectDir, home string, getenv func(string) string) string {
	if s == UserScope && ag.HomeVar != "" && getenv != nil && getenv(ag.HomeVar) != "" {
		if ag.UserFile == "" {
			return filepath.Join(dirs.AgentHome(getenv, ag.HomeVar, ag.Dir), ag.SettingsFile)
		}
		if first, rest, ok := strings.Cut(ag.UserFile, "/"); ok && first != "" {
			return filepath.Join(dirs.AgentHome(getenv, ag.HomeVar, first), filepath.FromSlash(rest))
		}
	}
	return ag.SettingsPath(s, projectDir, home)
}
