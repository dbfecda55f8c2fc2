package registry

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

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
