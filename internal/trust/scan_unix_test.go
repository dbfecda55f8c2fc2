//go:build unix

package trust

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestScanPinsEveryEntryWithoutFollowingLinks(t *testing.T) {
	t.Parallel()
	root, _ := project(t)
	require.NoError(t, os.Symlink("/dev/zero", filepath.Join(root, ".hookexec", "zero")))
	require.NoError(t, syscall.Mkfifo(filepath.Join(root, ".hookexec", "fifo"), 0o644))
	snap, err := Scan(root)
	require.NoError(t, err)
	assert.Equal(t, Hash([]byte(`{"hooks":{}}`)), snap.Pin(".hookexec/hooks.json"))
	assert.Equal(t, Hash([]byte(`{}`)), snap.Pin(".hookexec/tests/case.json"))
	assert.Equal(t, "symlink:/dev/zero", snap.Pin(".hookexec/zero"))
	assert.Contains(t, snap.Pin(".hookexec/fifo"), "special:")
	assert.Equal(t, 4, snap.Len())

	empty, err := Scan(t.TempDir())
	require.NoError(t, err)
	assert.False(t, empty.Exists())
}

func TestOpenNoFollow(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	write(t, file, "x")
	link := filepath.Join(dir, "link")
	require.NoError(t, os.Symlink(file, link))

	f, err := OpenNoFollow(file, os.O_RDONLY, 0)
	require.NoError(t, err)
	require.NoError(t, f.Close())
	_, err = OpenNoFollow(link, os.O_WRONLY|os.O_APPEND, 0o600)
	assert.ErrorIs(t, err, ErrSymlink)
	_, err = OpenNoFollow(filepath.Join(dir, "missing"), os.O_RDONLY, 0)
	assert.ErrorIs(t, err, os.ErrNotExist)
}
