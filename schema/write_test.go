package schema

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWriteFile: the file holds the schema, replaced when it exists; a
// link in its place is refused, its target untouched.
func TestWriteFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := filepath.Join(dir, "hooks.schema.json")
	require.NoError(t, os.WriteFile(path, []byte("old and longer than nothing"), 0o644))
	require.NoError(t, WriteFile(path))
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, JSON(), data)

	target := filepath.Join(dir, "target")
	require.NoError(t, os.WriteFile(target, []byte("keep"), 0o644))
	link := filepath.Join(dir, "link.json")
	if os.Symlink(target, link) != nil {
		t.Skip("no symbolic links here")
	}
	assert.ErrorContains(t, WriteFile(link), "is a symbolic link")
	data, err = os.ReadFile(target)
	require.NoError(t, err)
	assert.Equal(t, "keep", string(data))
}
