package registry

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestWindowsConfigLocations(t *testing.T) {
	t.Parallel()
	env := func(vars map[string]string) func(string) string {
		return func(k string) string { return vars[k] }
	}
	assert.Equal(t, `C:\Users\u\AppData\Roaming\hookexec`, userConfigDir(env(map[string]string{"APPDATA": `C:\Users\u\AppData\Roaming`, "HOME": `C:\home`})))
	assert.Equal(t, `D:\xdg\hookexec`, userConfigDir(env(map[string]string{"APPDATA": `C:\Roaming`, "XDG_CONFIG_HOME": `D:\xdg`})), "XDG_CONFIG_HOME wins")
	assert.Empty(t, userConfigDir(env(map[string]string{"HOME": `C:\home`})), "no APPDATA: no user config")
	assert.Equal(t, `C:\ProgramData\hookexec`, systemConfigDir(env(map[string]string{"ProgramData": `C:\ProgramData`})))
	assert.Equal(t, `D:\sys`, systemConfigDir(env(map[string]string{"ProgramData": `C:\ProgramData`, "HOOKEXEC_SYSTEM_DIR": `D:\sys`})))
	assert.Empty(t, systemConfigDir(env(nil)))
}

// HOOKEXEC_CONFIG is ";"-separated on Windows, where a path has a colon.
func TestWindowsConfigListSeparator(t *testing.T) {
	t.Parallel()
	root := tempDir(t)
	a := writeFile(t, filepath.Join(root, "a.json"), oneHook("a"))
	b := writeFile(t, filepath.Join(root, "b.json"), oneHook("b"))
	require.Equal(t, byte(':'), a[1], "an absolute path with a drive")
	reg, err := Load(Options{
		ProjectDir: root,
		Getenv:     isolatedEnv(root, map[string]string{"HOOKEXEC_CONFIG": a + ";;" + b}),
	})
	require.NoError(t, err)
	assert.Equal(t, []string{"a", "b"}, commands(reg))
}
