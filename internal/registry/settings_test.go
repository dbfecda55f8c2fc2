package registry

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// SPEC §2.5: the user's settings are the "settings" object of the user's
// own config file, read whichever files are loaded; no other file sets
// them.
func TestUserSettings(t *testing.T) {
	dir := tempDir(t)
	project := filepath.Join(dir, "project")
	user := writeFile(t, filepath.Join(dir, "home", ".config", "hookexec", "hooks.json"),
		`{"settings": {"untrusted": "skip", "shell": "/bin/bash", "httpProxy": "http://127.0.0.1:3128", "shel": 1}, "hooks": {}}`)
	writeFile(t, filepath.Join(project, ".hookexec", "hooks.json"), `{"settings": {"untrusted": "skip"}, "hooks": {}}`)
	getenv := isolatedEnv(dir, nil)

	reg, err := Load(Options{ProjectDir: project, Getenv: getenv})
	require.NoError(t, err)
	assert.Equal(t, Settings{File: user, Untrusted: "skip", Shell: "/bin/bash", HTTPProxy: "http://127.0.0.1:3128"}, reg.Settings)
	assert.Equal(t, "/bin/bash", reg.Getenv("HOOKEXEC_SHELL"), "the setting is the default shell")
	texts := strings.Join(warningTexts(reg), "\n")
	assert.Contains(t, texts, `settings: unknown field "shel" (did you mean "shell"?); ignored`)
	assert.Contains(t, texts, `"settings" is read only from the user's own config file`)

	// An explicit --config still gets the user's settings; its own are ignored.
	explicit := writeFile(t, filepath.Join(dir, "explicit.json"), `{"settings": {"untrusted": "deny"}, "hooks": {}}`)
	reg, err = Load(Options{Configs: []string{explicit}, ProjectDir: project, Getenv: getenv})
	require.NoError(t, err)
	assert.Equal(t, "skip", reg.Settings.Untrusted)
	assert.Contains(t, strings.Join(warningTexts(reg), "\n"), `"settings" is read only from the user's own config file`)

	// The user's own file named with --config is still the user's.
	reg, err = Load(Options{Configs: []string{user}, ProjectDir: project, Getenv: getenv})
	require.NoError(t, err)
	assert.Equal(t, "/bin/bash", reg.Settings.Shell)
	assert.NotContains(t, strings.Join(warningTexts(reg), "\n"), `"settings" is read only from`)
}

// SPEC §2.5: a setting that is not valid is ignored with a warning, and
// validate reports it.
func TestUserSettingsInvalid(t *testing.T) {
	dir := tempDir(t)
	writeFile(t, filepath.Join(dir, "home", ".config", "hookexec", "hooks.json"),
		`{"settings": {"untrusted": "allow", "shell": "bash", "httpProxy": "ftp://x"}}`)
	getenv := isolatedEnv(dir, nil)
	reg, err := Load(Options{ProjectDir: filepath.Join(dir, "project"), Getenv: getenv})
	require.NoError(t, err)
	assert.Equal(t, Settings{File: filepath.Join(dir, "home", ".config", "hookexec", "hooks.json")}, reg.Settings)
	texts := strings.Join(warningTexts(reg), "\n")
	for _, want := range []string{`"settings.untrusted" must be "deny" or "skip", got "allow"`, `"settings.shell" must be an absolute path, got "bash"`, `"settings.httpProxy" must be an http, https or socks5 URL`} {
		assert.Contains(t, texts, want)
	}
	rep, err := Validate(context.Background(), Options{ProjectDir: filepath.Join(dir, "project"), Getenv: getenv})
	require.NoError(t, err)
	var found []string
	for _, d := range rep.Findings() {
		found = append(found, d.Message)
	}
	assert.Contains(t, strings.Join(found, "\n"), `"settings.shell" must be an absolute path`)

	// The user's file named as validate's argument is the user's.
	user := filepath.Join(dir, "home", ".config", "hookexec", "hooks.json")
	rep, err = Validate(context.Background(), Options{Configs: []string{user}, ProjectDir: filepath.Join(dir, "project"), Getenv: getenv})
	require.NoError(t, err)
	found = nil
	for _, d := range rep.Findings() {
		found = append(found, string(d.Severity)+": "+d.Message)
	}
	assert.Contains(t, strings.Join(found, "\n"), `warning: "settings.shell" must be an absolute path`)
	assert.NotContains(t, strings.Join(found, "\n"), `is read only from`)
}

// SPEC §2.5: under an agent HOOKEXEC_SHELL is ignored and the user's
// setting is the shell; outside an agent the variable wins.
func TestUserSettingsShellUnderAgent(t *testing.T) {
	dir := tempDir(t)
	project := filepath.Join(dir, "project")
	writeFile(t, filepath.Join(dir, "home", ".config", "hookexec", "hooks.json"), `{"settings": {"shell": "/bin/bash"}}`)
	reg, err := Load(Options{ProjectDir: project, Getenv: isolatedEnv(dir, map[string]string{"HOOKEXEC_SHELL": "/bin/true", "CLAUDE_PROJECT_DIR": project})})
	require.NoError(t, err)
	assert.Equal(t, "/bin/bash", reg.Getenv("HOOKEXEC_SHELL"))
	reg, err = Load(Options{ProjectDir: project, Getenv: isolatedEnv(dir, map[string]string{"HOOKEXEC_SHELL": "/bin/zsh"})})
	require.NoError(t, err)
	assert.Equal(t, "/bin/zsh", reg.Getenv("HOOKEXEC_SHELL"))
}
