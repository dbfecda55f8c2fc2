//go:build unix

package safefile

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestOpenNoFollow(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "file")
	require.NoError(t, os.WriteFile(file, []byte("x"), 0o644))
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
