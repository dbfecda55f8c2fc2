//go:build unix

package progpath

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFindOnUnix(t *testing.T) {
	t.Parallel()
	dir, other := t.TempDir(), t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "tool"), nil, 0o644)) // not executable: skipped
	require.NoError(t, os.WriteFile(filepath.Join(other, "tool"), nil, 0o755))
	require.NoError(t, os.Mkdir(filepath.Join(dir, "sub"), 0o755))
	pathList := "relative:" + dir + "::" + other

	got, err := Find("tool", pathList, "")
	require.NoError(t, err)
	assert.Equal(t, filepath.Join(other, "tool"), got)
	_, err = Find("sub", pathList, "")
	assert.ErrorIs(t, err, ErrNotFound)
	_, err = Find(filepath.Join(dir, "tool"), "", "")
	assert.ErrorIs(t, err, ErrNotExecutable, "a path is checked where it is")
	_, err = Find(filepath.Join(dir, "sub"), "", "")
	assert.ErrorIs(t, err, ErrIsDir)
	_, err = Find(filepath.Join(dir, "missing"), "", "")
	assert.ErrorIs(t, err, ErrNotExist)
	assert.Equal(t, "x/tool", Resolve("x/tool", ".exe"), "no extensions on Unix")
}

func TestIsPathAndExtensions(t *testing.T) {
	t.Parallel()
	assert.True(t, IsPath("./hook"))
	assert.False(t, IsPath("hook"))
	assert.False(t, IsPath(`C:hook`), "a colon is a drive only on Windows")
	assert.Equal(t, []string{".com", ".exe", ".bat", ".cmd"}, Extensions(""))
	assert.Equal(t, []string{".exe", ".ps1"}, Extensions(".EXE; ;PS1"))
}
