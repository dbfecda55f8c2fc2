package registry

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
)

// Issue 18 §1 hole 10: under an agent, a variable the repository can set
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
		{"HOOKEXEC_SHELL", "bash", "bash", true, false},
		{"HOOKEXEC_SHELL", "bin/sh", "", true, true},
		{"HOOKEXEC_SHELL", filepath.Join(project, "sh"), "", true, true},
		{"HOOKEXEC_SHELL", "/bin/sh", "/bin/sh", true, false},
		{"HOOKEXEC_CONFIG", "/dev/null", "", true, true},
		{"HOOKEXEC_CONFIG", "/dev/null", "/dev/null", false, false},
	}
	t.Run("project holds the home directory", func(t *testing.T) {
		homeFallback = func() string { return filepath.Join(project, "me") }
		t.Cleanup(func() { homeFallback = func() string { return home } })
		env := map[string]string{"CLAUDE_PROJECT_DIR": project, "XDG_CONFIG_HOME": filepath.Join(project, "me", ".config"), "HOOKEXEC_SHELL": "./sh"}
		safe, warnings := SafeEnv(func(k string) string { return env[k] }, project)
		assert.Equal(t, env["XDG_CONFIG_HOME"], safe("XDG_CONFIG_HOME"), "the user's own config stays")
		assert.Empty(t, safe("HOOKEXEC_SHELL"), "a relative path is still refused")
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
