package safefile

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/testfs"
)

func TestWindowsOpenNoFollow(t *testing.T) {
	t.Parallel()
	dir := testfs.TempDir(t)
	file := filepath.Join(dir, "file")
	require.NoError(t, os.WriteFile(file, []byte("x"), 0o600))

	f, err := OpenNoFollow(file, os.O_RDONLY, 0)
	require.NoError(t, err)
	require.NoError(t, f.Close())
	f, err = OpenNoFollow(filepath.Join(dir, "new"), os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	require.NoError(t, err, "a new file is created")
	require.NoError(t, f.Close())
	_, err = OpenNoFollow(filepath.Join(dir, "missing"), os.O_RDONLY, 0)
	assert.ErrorIs(t, err, os.ErrNotExist)

	// Wine 8's CreateSymbolicLink reports success and creates nothing:
	// there the refusal of links is not exercised.
	link := filepath.Join(dir, "link")
	if err := os.Symlink(file, link); err != nil {
		t.Skipf("cannot create a symbolic link here: %v", err)
	}
	if _, err := os.Lstat(link); err != nil {
		t.Skipf("the symbolic link was not created (Wine): %v", err)
	}
	_, err = OpenNoFollow(link, os.O_RDONLY, 0)
	assert.ErrorIs(t, err, ErrSymlink)
	_, err = OpenNoFollow(link, os.O_WRONLY|os.O_APPEND, 0o600)
	assert.ErrorIs(t, err, ErrSymlink)
}
