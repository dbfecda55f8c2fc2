package setup

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/agents"
)

// TestCopilotHomeMovesTheUserFile: with COPILOT_HOME set, install copilot
// --user writes where Copilot CLI reads its user hooks ($COPILOT_HOME/
// hooks), and doctor and uninstall find it there.
func TestCopilotHomeMovesTheUserFile(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	home := filepath.Join(root, "home")
	copilotHome := filepath.Join(root, "elsewhere")
	project := filepath.Join(root, "project")
	require.NoError(t, os.MkdirAll(project, 0o755))
	ag, ok := agents.ByName("copilot")
	require.True(t, ok)
	vars := map[string]string{"HOME": home, "COPILOT_HOME": copilotHome, "XDG_CONFIG_HOME": filepath.Join(root, "config")}
	getenv := func(k string) string { return vars[k] }

	assert.Equal(t, filepath.Join(copilotHome, "hooks", "hookexec.json"), agentSettingsPath(ag, UserScope, project, home, getenv))
	assert.Equal(t, filepath.Join(home, ".copilot", "hooks", "hookexec.json"), agentSettingsPath(ag, UserScope, project, home, func(k string) string {
		return map[string]string{"HOME": home}[k]
	}), "without COPILOT_HOME: ~/.copilot")
	assert.Equal(t, filepath.Join(project, ".github", "hooks", "hookexec.json"), agentSettingsPath(ag, ProjectScope, project, home, getenv),
		"the project's file does not move")
	claude, _ := agents.ByName("claude")
	assert.Equal(t, filepath.Join(home, ".claude", "settings.json"), agentSettingsPath(claude, UserScope, project, home, getenv),
		"an agent without HomeVar keeps its file")

	res, err := Install(InstallOptions{Agent: ag, Scope: UserScope, ProjectDir: project, Getenv: getenv, Program: "/usr/local/bin/hookexec"})
	require.NoError(t, err)
	assert.Equal(t, filepath.Join(copilotHome, "hooks", "hookexec.json"), res.Path)
	assert.FileExists(t, res.Path)
	assert.NoDirExists(t, filepath.Join(home, ".copilot"))
	un, err := Uninstall(UninstallOptions{Agent: ag, Scope: UserScope, ProjectDir: project, Getenv: getenv, Program: "/usr/local/bin/hookexec"})
	require.NoError(t, err)
	assert.Equal(t, res.Path, un.Path)
	assert.NoFileExists(t, res.Path)
}
