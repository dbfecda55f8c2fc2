package safefile

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestCheckOwner(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "hooks.json")
	require.NoError(t, os.WriteFile(path, []byte("{}"), 0o644))
	fi, err := os.Stat(path)
	require.NoError(t, err)
	assert.NoError(t, CheckOwner(path, fi))

	require.NoError(t, os.Chmod(path, 0o666))
	fi, _ = os.Stat(path)
	assert.ErrorContains(t, CheckOwner(path, fi), ": writable by others")

	if os.Geteuid() != 0 {
		t.Skip("changing a file's owner needs root")
	}
	require.NoError(t, os.Chmod(path, 0o644))
	require.NoError(t, os.Chown(path, 65534, 65534))
	fi, _ = os.Stat(path)
	assert.ErrorContains(t, CheckOwner(path, fi), "not by you")
}
