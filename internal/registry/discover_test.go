package registry

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// oneHook is a config with a single BeforeTool hook running command.
func oneHook(command string) string {
	return fmt.Sprintf(`{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": %q}]}]}}`, command)
}

func TestDiscoveryOrder(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	project := filepath.Join(root, "project")
	xdg := filepath.Join(root, "xdg")
	userDir := filepath.Join(xdg, "hookexec")
	write := func(path, command string) string { return writeFile(t, path, oneHook(command)) }

	// Written in scrambled order; discovery must not depend on it.
	write(filepath.Join(userDir, "extensions", "b-ext", "hooks.json"), "user-ext-b")
	write(filepath.Join(root, "etc", "hooks.json"), "system")
	write(filepath.Join(project, ".hookexec", "extensions", "z", "hooks.json"), "proj-ext-z")
	write(filepath.Join(project, ".hookexec", "extensions", "B", "hooks.json"), "proj-ext-B")
	write(filepath.Join(project, ".hookexec", "extensions", "a", "hooks.json"), "proj-ext-a")
	write(filepath.Join(userDir, "extensions", "a-ext", "hooks.json"), "user-ext-a")
	write(filepath.Join(userDir, "hooks.json"), "user")
	write(filepath.Join(project, ".hookexec", "hooks.local.json"), "project-local")
	write(filepath.Join(project, ".hookexec", "hooks.json"), "project")
	// Not configs: an extension without hooks.json, a stray file, and the
	// agents' own settings, which discovery never reads.
	require.NoError(t, os.MkdirAll(filepath.Join(project, ".hookexec", "extensions", "empty"), 0o755))
	writeFile(t, filepath.Join(project, ".hookexec", "extensions", "README"), "not an extension")
	write(filepath.Join(project, ".claude", "settings.json"), "claude")
	write(filepath.Join(project, ".gemini", "settings.json"), "gemini")
	// HOME is ignored when XDG_CONFIG_HOME is set.
	write(filepath.Join(root, "home", ".config", "hookexec", "hooks.json"), "home-user")

	reg, err := Load(Options{ProjectDir: project, Getenv: isolatedEnv(root, map[string]string{"XDG_CONFIG_HOME": xdg})})
	require.NoError(t, err)
	assert.Equal(t, []string{
		"project", "project-local", "user", "system",
		"proj-ext-B", "proj-ext-a", "proj-ext-z", "user-ext-a", "user-ext-b",
	}, commands(reg))

	wantFiles := []struct {
		path   string
		source Source
	}{
		{filepath.Join(project, ".hookexec", "hooks.json"), Project},
		{filepath.Join(project, ".hookexec", "hooks.local.json"), Project},
		{filepath.Join(userDir, "hooks.json"), User},
		{filepath.Join(root, "etc", "hooks.json"), System},
		{filepath.Join(project, ".hookexec", "extensions", "B", "hooks.json"), Extension},
		{filepath.Join(project, ".hookexec", "extensions", "a", "hooks.json"), Extension},
		{filepath.Join(project, ".hookexec", "extensions", "z", "hooks.json"), Extension},
		{filepath.Join(userDir, "extensions", "a-ext", "hooks.json"), Extension},
		{filepath.Join(userDir, "extensions", "b-ext", "hooks.json"), Extension},
	}
	require.Len(t, reg.Files, len(wantFiles))
	for i, w := range wantFiles {
		assert.Equal(t, w.path, reg.Files[i].Path)
		assert.Equal(t, w.source, reg.Files[i].Source)
		assert.Equal(t, Native, reg.Files[i].Dialect)
		assert.Equal(t, w.path, reg.Hooks[i].File)
		assert.Equal(t, w.source, reg.Hooks[i].Source)
		assert.Equal(t, i, reg.Hooks[i].FileIndex)
	}
}

func TestDiscoveryDefaults(t *testing.T) {
	t.Parallel()
	t.Run("nothing to find", func(t *testing.T) {
		t.Parallel()
		root := t.TempDir()
		project := filepath.Join(root, "project")
		reg, err := Load(Options{ProjectDir: project, Getenv: isolatedEnv(root, nil)})
		require.NoError(t, err)
		assert.Empty(t, reg.Files)
		assert.Empty(t, reg.Hooks)
		assert.Empty(t, reg.Warnings)
	})
	t.Run("user config under HOME", func(t *testing.T) {
		t.Parallel()
		root := t.TempDir()
		project := filepath.Join(root, "project")
		writeFile(t, filepath.Join(root, "home", ".config", "hookexec", "hooks.json"), oneHook("home-user"))
		writeFile(t, filepath.Join(root, "home", ".config", "hookexec", "extensions", "x", "hooks.json"), oneHook("home-ext"))
		reg, err := Load(Options{ProjectDir: project, Getenv: isolatedEnv(root, nil)})
		require.NoError(t, err)
		assert.Equal(t, []string{"home-user", "home-ext"}, commands(reg))
		assert.Equal(t, User, reg.Files[0].Source)
	})
	t.Run("no HOME and no XDG_CONFIG_HOME", func(t *testing.T) {
		t.Parallel()
		root := t.TempDir()
		project := filepath.Join(root, "project")
		writeFile(t, filepath.Join(project, ".hookexec", "hooks.json"), oneHook("p"))
		reg, err := Load(Options{ProjectDir: project, Getenv: env(map[string]string{"HOOKEXEC_SYSTEM_DIR": root, "HOOKEXEC_TRUST_PROJECT": "1"})})
		require.NoError(t, err)
		assert.Equal(t, []string{"p"}, commands(reg))
	})
}

func TestExtensionPathSubstitution(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	project := filepath.Join(root, "project")
	extDir := filepath.Join(project, ".hookexec", "extensions", "lint")
	writeFile(t, filepath.Join(extDir, "hooks.json"), `{"hooks": {"AfterTool": [{"hooks": [
  {"type": "command", "command": "${extensionPath}/run.sh ${extensionPath}", "env": {"EXT": "${extensionPath}/data", "OTHER": "${HOME}"}, "name": "${extensionPath}"},
  {"type": "command", "command": "${extensionPath}/bin/lint", "args": ["--config", "${extensionPath}/lint.toml"]}
]}]}}`)
	// Outside an extension the placeholder is left alone.
	writeFile(t, filepath.Join(project, ".hookexec", "hooks.json"), oneHook("${extensionPath}/x"))

	reg, err := Load(Options{ProjectDir: project, Getenv: isolatedEnv(root, nil)})
	require.NoError(t, err)
	require.Len(t, reg.Hooks, 3)
	assert.Equal(t, "${extensionPath}/x", reg.Hooks[0].Command)
	h := reg.Hooks[1]
	assert.Equal(t, `"${HOOKEXEC_EXTENSION_PATH}"/run.sh "${HOOKEXEC_EXTENSION_PATH}"`, h.Command, "the shell form gets a variable, never the directory as code")
	assert.Equal(t, map[string]string{"EXT": extDir + "/data", "OTHER": "${HOME}", "HOOKEXEC_EXTENSION_PATH": extDir}, h.Env)
	assert.Equal(t, "${extensionPath}", h.Name, "only command, args and env are substituted")
	assert.Equal(t, extDir+"/bin/lint", reg.Hooks[2].Command)
	assert.Equal(t, []string{"--config", extDir + "/lint.toml"}, reg.Hooks[2].Args)
}

func TestExplicitConfigs(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	project := filepath.Join(root, "project")
	writeFile(t, filepath.Join(project, ".hookexec", "hooks.json"), oneHook("discovered"))
	a := writeFile(t, filepath.Join(root, "a.json"), oneHook("a"))
	b := writeFile(t, filepath.Join(root, "b.json"), oneHook("b"))
	c := writeFile(t, filepath.Join(root, ".claude", "settings.json"), oneHook("c"))

	tests := []struct {
		name     string
		configs  []string
		envList  string
		dialect  Dialect
		want     []string
		dialects []Dialect
	}{
		{"discovery", nil, "", "", []string{"discovered"}, []Dialect{Native}},
		{"--config in order", []string{b, a}, "", "", []string{"b", "a"}, []Dialect{Native, Native}},
		{"HOOKEXEC_CONFIG list", nil, a + "::" + b, "", []string{"a", "b"}, []Dialect{Native, Native}},
		{"--config wins over HOOKEXEC_CONFIG", []string{b}, a, "", []string{"b"}, []Dialect{Native}},
		{"detected dialect", []string{c, a}, "", "", []string{"c", "a"}, []Dialect{Claude, Native}},
		{"forced dialect", []string{c, a}, "", Gemini, []string{"c", "a"}, []Dialect{Gemini, Gemini}},
		{"forced dialect on HOOKEXEC_CONFIG", nil, a, Claude, []string{"a"}, []Dialect{Claude}},
		{"forced dialect ignored by discovery", nil, "", Claude, []string{"discovered"}, []Dialect{Native}},
		{"same file twice", []string{a, a}, "", "", []string{"a", "a"}, []Dialect{Native, Native}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			reg, err := Load(Options{
				Configs:    tt.configs,
				Dialect:    tt.dialect,
				ProjectDir: project,
				Getenv:     isolatedEnv(root, map[string]string{"HOOKEXEC_CONFIG": tt.envList}),
			})
			require.NoError(t, err)
			assert.Equal(t, tt.want, commands(reg))
			var dialects []Dialect
			for i, f := range reg.Files {
				dialects = append(dialects, f.Dialect)
				wantSource := Runtime
				if tt.configs == nil && tt.envList == "" {
					wantSource = Project
				}
				assert.Equal(t, wantSource, f.Source)
				assert.Equal(t, f.Dialect, reg.Hooks[i].Dialect)
			}
			assert.Equal(t, tt.dialects, dialects)
		})
	}
}

func TestExplicitRelativePath(t *testing.T) {
	// Changes the working directory: not parallel.
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, ".claude", "settings.json"), oneHook("c"))
	t.Chdir(filepath.Join(dir, ".claude"))
	reg, err := Load(Options{Configs: []string{"settings.json"}, Getenv: env(nil)})
	require.NoError(t, err)
	require.Len(t, reg.Hooks, 1)
	assert.Equal(t, "settings.json", reg.Hooks[0].File, "the path as given")
	assert.Equal(t, Claude, reg.Hooks[0].Dialect, "detected from the absolute location")
}
