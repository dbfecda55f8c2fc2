package copilot

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/agents/agent"
)

// copilotConfig is Copilot CLI's config.json as it writes it: comment
// lines, then the object.
const copilotConfig = "// User settings belong in settings.json.\n// This file is managed automatically.\n{\n  \"trustedFolders\": [\n    %q\n  ],\n  \"firstLaunchAt\": \"2026-03-11T00:00:00.000Z\"\n}\n"

func TestTrusts(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	project := filepath.Join(root, "work", "app")
	copilotHome := filepath.Join(root, "copilot-home")
	require.NoError(t, os.MkdirAll(copilotHome, 0o755))
	cfg := filepath.Join(copilotHome, "config.json")
	write := func(content string) {
		require.NoError(t, os.WriteFile(cfg, []byte(content), 0o600))
	}

	ok, path, err := Trusts(Agent(), copilotHome, project)
	require.NoError(t, err, "no config.json yet: nothing is trusted")
	assert.False(t, ok)
	assert.Equal(t, cfg, path, "config.json is in Copilot's directory")

	for folder, want := range map[string]bool{
		project:                             true,
		filepath.Join(root, "work"):         true, // a parent covers it (a real run)
		filepath.Join(root, "work", "a"):    false,
		filepath.Join(root, "work", "app2"): false,
		"relative/app":                      false,
	} {
		write(fmt.Sprintf(copilotConfig, folder))
		ok, _, err := Trusts(Agent(), copilotHome, project)
		require.NoError(t, err, folder)
		assert.Equal(t, want, ok, folder)
	}

	write(`{"trustedFolders": "/"}`)
	_, _, err = Trusts(Agent(), copilotHome, project)
	assert.ErrorContains(t, err, `"trustedFolders" is not an array`)
	write(`{"trustedFolders": [`)
	_, _, err = Trusts(Agent(), copilotHome, project)
	assert.ErrorContains(t, err, "not valid JSON")
	write(`{"firstLaunchAt": "x"}`)
	ok, _, err = Trusts(Agent(), copilotHome, project)
	require.NoError(t, err)
	assert.False(t, ok)

	_, _, err = Trusts(Agent(), "", project)
	assert.ErrorContains(t, err, "neither $COPILOT_HOME nor $HOME is set")
}

func TestFolderTrustStep(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	project := filepath.Join(root, "app")
	copilotHome := filepath.Join(root, ".copilot")
	require.NoError(t, os.MkdirAll(copilotHome, 0o755))
	in := agent.EnableInput{Agent: Agent(), Scope: agent.ProjectScope, ProjectDir: project, AgentHome: copilotHome}
	step := Agent().EnableStep()

	said, err := step.Install(in)
	require.NoError(t, err)
	require.Len(t, said, 1)
	assert.Contains(t, said[0], "runs .github/hooks only in a trusted folder")
	assert.Contains(t, said[0], "--trust-folder")
	_, err = os.Stat(filepath.Join(copilotHome, "config.json"))
	assert.True(t, os.IsNotExist(err), "install never writes Copilot's trusted folders")

	projectFile := agent.InstalledFile{Scope: agent.ProjectScope, Path: filepath.Join(project, ".github", "hooks", "hookexec.json"), Entries: 1}
	c := step.Check(in, []agent.InstalledFile{projectFile})
	assert.False(t, c.OK)
	assert.Contains(t, c.Detail, "skips the project's .github/hooks")

	require.NoError(t, os.WriteFile(filepath.Join(copilotHome, "config.json"), []byte(fmt.Sprintf(copilotConfig, project)), 0o600))
	said, err = step.Install(in)
	require.NoError(t, err)
	assert.Contains(t, said[0], "trusts "+project)
	assert.True(t, step.Check(in, []agent.InstalledFile{projectFile}).OK)

	user := in
	user.Scope = agent.UserScope
	said, err = step.Install(user)
	require.NoError(t, err)
	assert.Empty(t, said, "the user scope needs no trust")
	userFile := agent.InstalledFile{Scope: agent.UserScope, Path: filepath.Join(root, "home", ".copilot", "hooks", "hookexec.json"), Entries: 1}
	assert.True(t, step.Check(agent.EnableInput{Agent: Agent(), ProjectDir: filepath.Join(root, "other"), AgentHome: copilotHome}, []agent.InstalledFile{userFile}).OK)
}
