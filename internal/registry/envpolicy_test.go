package registry

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Under an agent, a variable the repository can set
// never relocates the user's files into the project.
func TestSafeEnv(t *testing.T) {
	project := t.TempDir()
	outside := t.TempDir()
	home := filepath.Join(outside, "home")
	old := homeFallback
	homeFallback = func() string { return home }
	t.Cleanup(func() { homeFallback = old })
	tests := []struct {
		name, value, want string
		agent, warns      bool
	}{
		{"XDG_DATA_HOME", filepath.Join(project, "data"), "", true, true},
		{"XDG_DATA_HOME", filepath.Join(outside, "data"), filepath.Join(outside, "data"), true, false},
		{"XDG_DATA_HOME", filepath.Join(project, "data"), filepath.Join(project, "data"), false, false},
		{"XDG_STATE_HOME", "state", "", true, true},
		{"HOME", project, home, true, true},
		{"HOME", filepath.Join(project, "x", ".."), home, true, true},
		// SPEC §2.5: under an agent HOOKEXEC_SHELL is ignored whatever its
		// value (true -c '...' passes every guard); outside one it stays.
		{"HOOKEXEC_SHELL", "bash", "", true, true},
		{"HOOKEXEC_SHELL", "true", "", true, true},
		{"HOOKEXEC_SHELL", "/bin/true", "", true, true},
		{"HOOKEXEC_SHELL", "bin/sh", "", true, true},
		{"HOOKEXEC_SHELL", filepath.Join(project, "sh"), "", true, true},
		{"HOOKEXEC_SHELL", "/bin/sh", "", true, true},
		{"HOOKEXEC_SHELL", "/bin/true", "/bin/true", false, false},
		{"HOOKEXEC_SYSTEM_DIR", filepath.Join(outside, "etc"), "", true, true},
		{"HOOKEXEC_SYSTEM_DIR", filepath.Join(outside, "etc"), filepath.Join(outside, "etc"), false, false},
		{"BASH_ENV", filepath.Join(outside, "rc"), "", true, true},
		{"ENV", filepath.Join(outside, "rc"), "", true, true},
		{"BASH_ENV", filepath.Join(outside, "rc"), filepath.Join(outside, "rc"), false, false},
		{"HOOKEXEC_CONFIG", "/dev/null", "", true, true},
		{"HOOKEXEC_CONFIG", "/dev/null", "/dev/null", false, false},
	}
	t.Run("project holds the home directory", func(t *testing.T) {
		homeFallback = func() string { return filepath.Join(project, "me") }
		t.Cleanup(func() { homeFallback = func() string { return home } })
		env := map[string]string{"CLAUDE_PROJECT_DIR": project, "XDG_CONFIG_HOME": filepath.Join(project, "me", ".config"), "XDG_STATE_HOME": "./state"}
		safe, warnings := SafeEnv(func(k string) string { return env[k] }, project)
		assert.Equal(t, env["XDG_CONFIG_HOME"], safe("XDG_CONFIG_HOME"), "the user's own config stays")
		assert.Empty(t, safe("XDG_STATE_HOME"), "a relative path is still refused")
		assert.Len(t, warnings, 1)
	})
	for _, tt := range tests {
		t.Run(tt.name+"="+tt.value, func(t *testing.T) {
			env := map[string]string{tt.name: tt.value}
			if tt.agent {
				env["GEMINI_PROJECT_DIR"] = project
			}
			safe, warnings := SafeEnv(func(k string) string { return env[k] }, project)
			assert.Equal(t, tt.want, safe(tt.name))
			if tt.warns {
				assert.Len(t, warnings, 1)
				assert.Contains(t, warnings[0], tt.name+"=")
			} else {
				assert.Empty(t, warnings)
			}
		})
	}
}

// SPEC §2.5: under an agent the PATH hooks and hookexec use has no entry
// inside the project (nor a relative one), BASH_ENV and ENV are not
// passed to hooks; outside an agent the environment is kept as it is.
func TestHookEnviron(t *testing.T) {
	project := t.TempDir()
	outside := t.TempDir()
	old := homeFallback
	homeFallback = func() string { return filepath.Join(outside, "home") }
	t.Cleanup(func() { homeFallback = old })
	sep := string(filepath.ListSeparator)
	path := filepath.Join(project, "bin") + sep + "/usr/bin" + sep + "bin" + sep + "/bin"
	environ := []string{"PATH=" + path, "BASH_ENV=/tmp/rc", "ENV=/tmp/rc", "LANG=C"}
	env := map[string]string{"CLAUDE_PROJECT_DIR": project, "PATH": path}
	getenv := func(k string) string { return env[k] }

	safe, pol, warnings := safeEnv(getenv, project)
	assert.Equal(t, "/usr/bin"+sep+"/bin", safe("PATH"))
	if assert.Len(t, warnings, 1) {
		assert.Contains(t, warnings[0], "PATH entries")
		assert.Contains(t, warnings[0], filepath.Join(project, "bin"))
	}
	reg := &Registry{env: pol}
	assert.Equal(t, []string{"PATH=/usr/bin" + sep + "/bin", "LANG=C"}, reg.HookEnviron(environ))

	delete(env, "CLAUDE_PROJECT_DIR")
	safe, pol, warnings = safeEnv(getenv, project)
	assert.Equal(t, path, safe("PATH"))
	assert.Empty(t, warnings)
	assert.Equal(t, environ, (&Registry{env: pol}).HookEnviron(environ))
}

// SPEC §2.5: under an agent a HOME or XDG_CONFIG_HOME that names no user
// config (XDG_CONFIG_HOME=/nowhere, set by the repository) does not drop
// the user's guards: the config of the user's home directory is read.
func TestSafeEnvKeepsUserConfig(t *testing.T) {
	project := t.TempDir()
	home := t.TempDir()
	writeFile(t, filepath.Join(home, ".config", "hookexec", "hooks.json"), "{}")
	old := homeFallback
	homeFallback = func() string { return home }
	t.Cleanup(func() { homeFallback = old })
	nowhere := filepath.Join(t.TempDir(), "nowhere")
	for _, env := range []map[string]string{
		{"XDG_CONFIG_HOME": nowhere},
		{"HOME": nowhere},
	} {
		env["CLAUDE_PROJECT_DIR"] = project
		safe, warnings := SafeEnv(func(k string) string { return env[k] }, project)
		assert.Equal(t, filepath.Join(home, ".config"), safe("XDG_CONFIG_HOME"), "%v", env)
		if assert.Len(t, warnings, 1) {
			assert.Contains(t, warnings[0], "does not exist: "+filepath.Join(home, ".config", "hookexec", "hooks.json")+" is read instead")
		}
		// Outside an agent the environment is the user's.
		delete(env, "CLAUDE_PROJECT_DIR")
		safe, _ = SafeEnv(func(k string) string { return env[k] }, project)
		assert.Equal(t, env["XDG_CONFIG_HOME"], safe("XDG_CONFIG_HOME"))
	}
	// A config that exists where the environment says is the user's.
	other := t.TempDir()
	writeFile(t, filepath.Join(other, "hookexec", "hooks.json"), "{}")
	env := map[string]string{"CLAUDE_PROJECT_DIR": project, "XDG_CONFIG_HOME": other}
	safe, warnings := SafeEnv(func(k string) string { return env[k] }, project)
	assert.Equal(t, other, safe("XDG_CONFIG_HOME"))
	assert.Empty(t, warnings)
}
