package registry

import (
	"path/filepath"
	"strings"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/agents/agent"
)

// agentForDir finds the agent whose dialect a config file directly in dir
// is in: the agent one of whose ConfigDirs (".github/hooks",
// ".codeium/windsurf", ".kiro/agents", ...) dir ends with, the longest such
// directory first (".gemini/config" is Antigravity CLI's, not Gemini
// CLI's); else the agent whose Dir is dir's last element (SPEC §2.2).
func agentForDir(dir string) (agent.Agent, bool) {
	slashed := "/" + strings.Trim(filepath.ToSlash(dir), "/")
	var best agent.Agent
	bestLen := 0
	for a := range agents.Each() {
		for _, cd := range a.ConfigDirs {
			cd = "/" + strings.Trim(cd, "/")
			if strings.HasSuffix(slashed, cd) && len(cd) > bestLen {
				best, bestLen = a, len(cd)
			}
		}
	}
	if bestLen > 0 {
		return best, true
	}
	return agents.ForSettingsDir(dir)
}
