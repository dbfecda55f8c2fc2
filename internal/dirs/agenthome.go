package dirs

import "path/filepath"

// AgentHome is an agent's own directory in the user's home: $homeVar when
// the agent reads one and it is set (Codex CLI's CODEX_HOME), else dir
// (".codex") under the home directory (UserHome); "" when neither is set.
func AgentHome(getenv func(string) string, homeVar, dir string) string {
	if homeVar != "" {
		if d := getenv(homeVar); d != "" {
			return d
		}
	}
	home, _ := UserHome(getenv)
	if home == "" {
		return ""
	}
	return filepath.Join(home, dir)
}
