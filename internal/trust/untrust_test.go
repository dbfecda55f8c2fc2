package trust

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRevokeAndUntrust: Revoke removes the version its selector names and
// keeps the other; Untrust removes the entry, and says so only once.
func TestRevokeAndUntrust(t *testing.T) {
	t.Parallel()
	root, store := project(t)
	_, _, _, err := store.Revoke(root, "1")
	require.ErrorContains(t, err, root+" is not trusted")

	first := trustNow(t, root, store)
	write(t, filepath.Join(root, ".hookexec", "hooks.json"), `{"hooks":{"BeforeTool":[]}}`)
	second := trustNow(t, root, store)

	_, _, _, err = store.Revoke(root, "3")
	require.ErrorContains(t, err, "no version 3")
	revoked, left, warning, err := store.Revoke(root, "2")
	require.NoError(t, err)
	assert.NoError(t, warning)
	assert.Equal(t, first.Hash, revoked.Hash, "2 is the older version")
	assert.Equal(t, 1, left)

	removed, warning, err := store.Untrust(root)
	require.NoError(t, err)
	assert.NoError(t, warning)
	assert.True(t, removed)
	assert.False(t, decide(t, root, store, "").Trusted, second.Hash+" is gone too")
	removed, _, err = store.Untrust(root)
	require.NoError(t, err)
	assert.False(t, removed)
}

// TestEntryRoot: a project that exists is keyed by its canonical path, one
// that is gone by the absolute path it had.
func TestEntryRoot(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	canonical, err := Canonical(dir)
	require.NoError(t, err)
	got, err := EntryRoot(dir)
	require.NoError(t, err)
	assert.Equal(t, canonical, got)

	gone := filepath.Join(dir, "gone")
	got, err = EntryRoot(gone)
	require.NoError(t, err)
	assert.Equal(t, gone, got)
}

func TestStamp(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 1, 2, 3, 4, 5, 6, time.FixedZone("x", 3600))
	assert.Equal(t, "2026-01-02T02:04:05Z", Stamp(at))
}
