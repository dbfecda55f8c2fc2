package setup

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	agentdesc "github.com/hookexec/hookexec/internal/agents/agent"
)

func shapeAgent(t *testing.T, layout agentdesc.Layout, own bool) Agent {
	t.Helper()
	for _, a := range shapeAgents() {
		if a.Layout == layout && isOwnFile(a.SettingsPath(UserScope, "", "/h")) == own {
			return a
		}
	}
	t.Fatalf("no test agent of layout %d", layout)
	return Agent{}
}

// TestOwnFileRefused: a hookexec.json that hookexec did not write is
// neither overwritten by install nor removed by uninstall.
func TestOwnFileRefused(t *testing.T) {
	t.Parallel()
	ag := shapeAgent(t, agentdesc.LayoutFlat, true)
	for _, content := range []string{
		`{"version": 1, "hooks": {"PreToolUse": [{"type": "command", "bash": "./mine.sh"}]}}`,
		`{"version": 1, "mine": true}`,
		`not json`,
	} {
		env := newShapeEnv(t)
		path := ag.SettingsPath(UserScope, env.project, env.home)
		writeTestFile(t, path, content, 0o644)
		_, err := Install(InstallOptions{Agent: ag, Scope: UserScope, ProjectDir: env.project, Getenv: env.getenv, Program: testProgram})
		require.Error(t, err, content)
		assert.Contains(t, err.Error(), "is not hookexec's own file")
		_, err = Uninstall(UninstallOptions{Agent: ag, Scope: UserScope, ProjectDir: env.project, Getenv: env.getenv, Program: testProgram})
		require.Error(t, err, content)
		data, _ := os.ReadFile(path)
		assert.Equal(t, content, string(data))
	}
}

// TestScriptOfTheUsersRefused: a file named after an event that is not
// hookexec's script stops install before anything is written.
func TestScriptOfTheUsersRefused(t *testing.T) {
	t.Parallel()
	ag := shapeAgent(t, agentdesc.LayoutScripts, false)
	env := newShapeEnv(t)
	dir := ag.SettingsPath(ProjectScope, env.project, env.home)
	writeTestFile(t, filepath.Join(dir, "PreToolUse"), "#!/bin/sh\nexit 0\n", 0o755)
	_, err := Install(InstallOptions{Agent: ag, Scope: ProjectScope, ProjectDir: env.project, Getenv: env.getenv, Program: testProgram})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "is not hookexec's script")
	_, err = os.Stat(filepath.Join(dir, "SessionStart"))
	assert.ErrorIs(t, err, os.ErrNotExist, "nothing was written")

	// A hookexec script edited by hand is the user's: uninstall leaves it.
	writeTestFile(t, filepath.Join(dir, "PreToolUse"), string(scriptText("hookexec fire PreToolUse --format claude"))+"echo more\n", 0o755)
	res, err := Uninstall(UninstallOptions{Agent: ag, Scope: ProjectScope, ProjectDir: env.project, Getenv: env.getenv, Program: testProgram})
	require.NoError(t, err)
	assert.Empty(t, res.Removed)
	assert.Len(t, res.Left, 1)
	assert.FileExists(t, filepath.Join(dir, "PreToolUse"))
}

// TestTOMLBlock: the block goes after the user's bytes (a missing final
// newline comes back on uninstall), a file the agent could not parse is
// refused, and a marker without its pair is told.
func TestTOMLBlock(t *testing.T) {
	t.Parallel()
	ag := shapeAgent(t, agentdesc.LayoutTOML, false)
	run := func(t *testing.T, seed string) (string, error) {
		env := newShapeEnv(t)
		path := ag.SettingsPath(UserScope, env.project, env.home)
		writeTestFile(t, path, seed, 0o600)
		opts := InstallOptions{Agent: ag, Scope: UserScope, ProjectDir: env.project, Getenv: env.getenv, Program: testProgram}
		if _, err := Install(opts); err != nil {
			return "", err
		}
		fi, err := os.Stat(path)
		require.NoError(t, err)
		assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm(), "the file keeps its mode")
		_, err = Uninstall(UninstallOptions{Agent: ag, Scope: UserScope, ProjectDir: env.project, Getenv: env.getenv, Program: testProgram})
		require.NoError(t, err)
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		return string(data), nil
	}
	got, err := run(t, `model = "x"`)
	require.NoError(t, err)
	assert.Equal(t, `model = "x"`, got, "no final newline, as before")

	_, err = run(t, "hooks = 1\n")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "not valid TOML")

	_, err = run(t, "model = [\n")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "nothing was changed")

	_, err = run(t, "a = 1\n"+tomlBegin+"\n")
	require.Error(t, err)
	assert.Contains(t, err.Error(), "without its end marker")
}

// TestDoubleFireRefused: an agent that also runs Claude Code's hooks is
// not given hookexec's entries where Claude Code already has them, unless
// DoubleFire; doctor reports the pair.
func TestDoubleFireRefused(t *testing.T) {
	t.Parallel()
	cursor := shapeAgent(t, agentdesc.LayoutFlat, false)
	cursor.AlsoRuns = []string{"claude"}
	env := newShapeEnv(t)
	_, err := Install(InstallOptions{Agent: agent(t, "claude"), Scope: ProjectScope, ProjectDir: env.project, Getenv: env.getenv, Program: testProgram})
	require.NoError(t, err)
	opts := InstallOptions{Agent: cursor, Scope: ProjectScope, ProjectDir: env.project, Getenv: env.getenv, Program: testProgram}
	_, err = Install(opts)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "runs every policy twice")
	assert.Contains(t, err.Error(), "hookexec uninstall claude")
	assert.NoFileExists(t, cursor.SettingsPath(ProjectScope, env.project, env.home))

	_, err = Install(InstallOptions{Agent: cursor, Scope: UserScope, ProjectDir: env.project, Getenv: env.getenv, Program: testProgram})
	require.NoError(t, err, "another scope is not the same agent's run")

	opts.DoubleFire = true
	_, err = Install(opts)
	require.NoError(t, err)
	r := Doctor(t.Context(), DoctorOptions{ProjectDir: env.project, Getenv: env.getenv, Agents: []Agent{cursor}, Program: testProgram})
	c, ok := checkNamed(r, cursor.Name+" double-fire")
	require.True(t, ok)
	assert.False(t, c.OK)
	assert.Contains(t, c.Detail, "twice")
}

// TestNoSuchScope: a scope the agent lacks is a clear error.
func TestNoSuchScope(t *testing.T) {
	t.Parallel()
	ag := shapeAgent(t, agentdesc.LayoutTOML, false)
	env := newShapeEnv(t)
	_, err := Install(InstallOptions{Agent: ag, Scope: ProjectScope, ProjectDir: env.project, Getenv: env.getenv, Program: testProgram})
	require.EqualError(t, err, "setup: Test ttoml has no project hook settings; install it with --user")
}

// TestNamedDefinitionOff: doctor tells of a hookexec definition switched
// off, and install switches it on again.
func TestNamedDefinitionOff(t *testing.T) {
	t.Parallel()
	ag := shapeAgent(t, agentdesc.LayoutNamed, false)
	env := newShapeEnv(t)
	path := ag.SettingsPath(UserScope, env.project, env.home)
	writeTestFile(t, path, `{"hookexec": {"enabled": false, "PreToolUse": [{"hooks": [{"type": "command", "command": "hookexec fire PreToolUse --format claude", "timeout": 120}]}]}}`, 0o644)
	dopts := DoctorOptions{ProjectDir: env.project, Getenv: env.getenv, Agents: []Agent{ag}, Program: testProgram}
	c, _ := checkNamed(Doctor(t.Context(), dopts), ag.Name+" settings")
	assert.False(t, c.OK)
	assert.Contains(t, c.Detail, `"enabled": false`)
	_, err := Install(InstallOptions{Agent: ag, Scope: UserScope, ProjectDir: env.project, Getenv: env.getenv, Program: testProgram})
	require.NoError(t, err)
	c, _ = checkNamed(Doctor(t.Context(), dopts), ag.Name+" settings")
	assert.True(t, c.OK, c.Detail)
}
