package setup

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/agents/goose"
	"github.com/hookexec/hookexec/internal/registry"
)

// tree is every directory and file under root (a directory as "/").
func tree(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	require.NoError(t, filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			out[p] = "/"
			return nil
		}
		data, err := os.ReadFile(p)
		out[p] = string(data)
		return err
	}))
	return out
}

// TestUninstallLeavesTheTree: for every agent of the table (and a test
// agent per layout) and every scope, install into a home and project
// without the agent's files, then uninstall, gives back the exact tree:
// the directories install created (.cursor/, .github/hooks/, a plugin's
// directory) are gone, and so is goose's plugin manifest.
func TestUninstallLeavesTheTree(t *testing.T) {
	t.Parallel()
	for _, ag := range append(agents.All(), shapeAgents()...) {
		for _, scope := range []Scope{ProjectScope, UserScope} {
			if !ag.HasScope(scope) {
				continue
			}
			t.Run(ag.Name+"/"+scope.String(), func(t *testing.T) {
				t.Parallel()
				env := newShapeEnv(t)
				before := map[string]map[string]string{"home": tree(t, env.home), "project": tree(t, env.project)}
				_, err := Install(InstallOptions{Agent: ag, Scope: scope, ProjectDir: env.project, Getenv: env.getenv, Program: testProgram})
				require.NoError(t, err)
				_, err = Uninstall(UninstallOptions{Agent: ag, Scope: scope, ProjectDir: env.project, Getenv: env.getenv, Program: testProgram})
				require.NoError(t, err)
				assert.Equal(t, before["home"], tree(t, env.home), "the home directory")
				assert.Equal(t, before["project"], tree(t, env.project), "the project directory")
			})
		}
	}
}

// TestUninstallKeepsFullDirs: a directory of the settings path that holds
// a file of the user's stays after uninstall.
func TestUninstallKeepsFullDirs(t *testing.T) {
	t.Parallel()
	env := newShapeEnv(t)
	ag := shapeAgents()[0] // .github/hooks/hookexec.json
	mine := filepath.Join(env.project, ".github", "workflows", "ci.yml")
	writeTestFile(t, mine, "on: push\n", 0o644)
	_, err := Install(InstallOptions{Agent: ag, Scope: ProjectScope, ProjectDir: env.project, Getenv: env.getenv, Program: testProgram})
	require.NoError(t, err)
	_, err = Uninstall(UninstallOptions{Agent: ag, Scope: ProjectScope, ProjectDir: env.project, Getenv: env.getenv, Program: testProgram})
	require.NoError(t, err)
	assert.NoDirExists(t, filepath.Join(env.project, ".github", "hooks"))
	assert.FileExists(t, mine)
}

// TestGoosePluginManifest: install goose writes its plugin's manifest, so
// that hookexec reads the plugin's hooks.json in goose's dialect; a
// manifest of someone else's is refused by install and uninstall.
func TestGoosePluginManifest(t *testing.T) {
	t.Parallel()
	env := newShapeEnv(t)
	ag := goose.Agent()
	opts := InstallOptions{Agent: ag, Scope: ProjectScope, ProjectDir: env.project, Getenv: env.getenv, Program: testProgram}
	res, err := Install(opts)
	require.NoError(t, err)
	manifest := filepath.Join(env.project, ".agents", "plugins", "hookexec", "plugin.json")
	data, err := os.ReadFile(manifest)
	require.NoError(t, err)
	assert.JSONEq(t, `{"name": "hookexec"}`, string(data))
	assert.Equal(t, registry.Dialect(goose.Name), registry.DetectDialect(res.Path))

	require.NoError(t, os.WriteFile(manifest, []byte(`{"name": "hookexec", "version": "9"}`), 0o644))
	_, err = Uninstall(UninstallOptions{Agent: ag, Scope: ProjectScope, ProjectDir: env.project, Getenv: env.getenv, Program: testProgram})
	require.ErrorContains(t, err, "not hookexec's own plugin manifest")
	_, err = Install(opts)
	require.ErrorContains(t, err, "not hookexec's own plugin manifest")
	assert.FileExists(t, res.Path, "nothing was removed")
}
