package casefile

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	for _, name := range []string{"b.json", "a.json", "notes.txt", "sub/c.json", "x.json/d.json"} {
		path := filepath.Join(dir, name)
		require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
		require.NoError(t, os.WriteFile(path, []byte("{}"), 0o644))
	}
	require.NoError(t, os.Symlink(filepath.Join(dir, "missing"), filepath.Join(dir, "dangling.json")))
	explicit := filepath.Join(dir, "notes.txt")

	files, err := Files([]string{dir, explicit})

	require.NoError(t, err)
	assert.Equal(t, []string{filepath.Join(dir, "a.json"), filepath.Join(dir, "b.json"), explicit}, files,
		"sorted *.json files, not recursive, then the explicit file whatever its name")

	_, err = Files([]string{filepath.Join(dir, "nope")})
	assert.EqualError(t, err, filepath.Join(dir, "nope")+": no such file or directory")
}

func TestReadFileErrors(t *testing.T) {
	t.Parallel()
	_, err := ReadFile(filepath.Join(t.TempDir(), "missing.json"))
	var perr *Error
	require.ErrorAs(t, err, &perr)
	assert.Contains(t, err.Error(), "missing.json: cannot read: no such file or directory")
}
