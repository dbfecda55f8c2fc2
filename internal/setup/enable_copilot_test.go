package setup

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/agents"
	agentdesc "github.com/hookexec/hookexec/internal/agents/agent"
)

// copilotConfig is Copilot CLI's config.json as it writes it: comment
// lines, then the object.
const copilotConfig = "// User settings belong in settings.json.\n// This file is managed automatically.\n{\n  \"trustedFolders\": [\n    %q\n  ],\n  \"firstLaunchAt\": \"2026-03-11T00:00:00.000Z\"\n}\n"

func TestCopilotTrusts(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	project := filepath.Join(root, "work", "app")
	copilotHome := filepath.Join(root, "copilot-home")
	require.NoError(t, os.MkdirAll(copilotHome, 0o755))
	getenv := func(k string) string {
		return map[string]string{"COPILOT_HOME": copilotHome, "HOME": filepath.Join(root, "home")}[k]
	}
	cfg := filepath.Join(copilotHome, "config.json")
	write := func(content string) {
		require.NoError(t, os.WriteFile(cfg, []byte(content), 0o600))
	}

	ok, path, err := copilotTrusts(copilotAgent(t), project, getenv)
	require.NoError(t, err, "no config.json yet: nothing is trusted")
	assert.False(t, ok)
	assert.Equal(t, cfg, path, "COPILOT_HOME moves Copilot's directory")

	for folder, want := range map[string]bool{
		project:                             true,
		filepath.Join(root, "work"):         true, // a parent covers it (a real run)
		filepath.Join(root, "work", "a"):    false,
		filepath.Join(root, "work", "app2"): false,
		"relative/app":                      false,
	} {
		write(fmt.Sprintf(copilotConfig, folder))
		ok, _, err := copilotTrusts(copilotAgent(t), project, getenv)
		require.NoError(t, err, folder)
		assert.Equal(t, want, ok, folder)
	}

	write(`{"trustedFolders": "/"}`)
	_, _, err = copilotTrusts(copilotAgent(t), project, getenv)
	assert.ErrorContains(t, err, `"trustedFolders" is not an array`)
	write(`{"trustedFolders": [`)
	_, _, err = copilotTrusts(copilotAgent(t), project, getenv)
	assert.ErrorContains(t, err, "not valid JSON")
	write(`{"firstLaunchAt": "x"}`)
	ok, _, err = copilotTrusts(copilotAgent(t), project, getenv)
	require.NoError(t, err)
	assert.False(t, ok)

	// Without COPILOT_HOME: ~/.copilot.
	_, path, err = copilotTrusts(copilotAgent(t), project, func(k string) string {
		return map[string]string{"HOME": filepath.Join(root, "home")}[k]
	})
	require.NoError(t, err)
	assert.Equal(t, filepath.Join(root, "home", ".copilot", "config.json"), path)
}

func TestCopilotFolderTrustStep(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	project := filepath.Join(root, "app")
	copilotHome := filepath.Join(root, ".copilot")
	require.NoError(t, os.MkdirAll(copilotHome, 0o755))
	getenv := func(k string) string { return map[string]string{"COPILOT_HOME": copilotHome}[k] }
	in := enableInput{Agent: copilotAgent(t), Scope: agentdesc.ProjectScope, ProjectDir: project, Getenv: getenv}
	step := stepFor(agentdesc.EnableCopilotFolderTrust)

	said, err := step.install(in)
	require.NoError(t, err)
	require.Len(t, said, 1)
	assert.Contains(t, said[0], "runs .github/hooks only in a trusted folder")
	assert.Contains(t, said[0], "--trust-folder")
	_, err = os.Stat(filepath.Join(copilotHome, "config.json"))
	assert.True(t, os.IsNotExist(err), "install never writes Copilot's trusted folders")

	projectFile := &agentSettings{scope: agentdesc.ProjectScope, path: filepath.Join(project, ".github", "hooks", "hookexec.json"), fires: []hookEntry{{}}}
	c := step.check(in, []*agentSettings{projectFile})
	assert.False(t, c.OK)
	assert.Contains(t, c.Detail, "skips the project's .github/hooks")

	require.NoError(t, os.WriteFile(filepath.Join(copilotHome, "config.json"), []byte(fmt.Sprintf(copilotConfig, project)), 0o600))
	said, err = step.install(in)
	require.NoError(t, err)
	assert.Contains(t, said[0], "trusts "+project)
	assert.True(t, step.check(in, []*agentSettings{projectFile}).OK)

	user := in
	user.Scope = agentdesc.UserScope
	said, err = step.install(user)
	require.NoError(t, err)
	assert.Empty(t, said, "the user scope needs no trust")
	userFile := &agentSettings{scope: agentdesc.UserScope, path: filepath.Join(root, "home", ".copilot", "hooks", "hookexec.json"), fires: []hookEntry{{}}}
	assert.True(t, step.check(enableInput{Agent: copilotAgent(t), ProjectDir: filepath.Join(root, "other"), Getenv: getenv}, []*agentSettings{userFile}).OK)
}

func copilotAgent(t *testing.T) Agent {
	t.Helper()
	ag, ok := agents.ByName("copilot")
	require.True(t, ok)
	return ag
}
