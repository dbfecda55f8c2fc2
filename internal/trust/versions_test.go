package trust

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRemoveVersion: one replaced version is revoked and the others stay
// trusted; the entry keeps the format the previous
// release reads (the same lines, decoded by the same decoder).
func TestRemoveVersion(t *testing.T) {
	t.Parallel()
	root, store := project(t)
	config := filepath.Join(root, ".hookexec", "hooks.json")
	first := trustNow(t, root, store)
	write(t, config, `{"hooks":{"BeforeTool":[]}}`)
	second := trustNow(t, root, store)

	d := decide(t, root, store, "")
	require.True(t, d.Trusted)
	assert.Equal(t, second.Hash, d.CurrentHash())

	left, err := store.RemoveVersion(root, first.Hash)
	require.NoError(t, err)
	assert.Equal(t, 1, left)
	assert.True(t, decide(t, root, store, "").Trusted, "the version kept is still trusted")
	write(t, config, `{"hooks":{}}`)
	assert.False(t, decide(t, root, store, "").Trusted, "the revoked version is no longer trusted")

	data, err := os.ReadFile(store.entryPath(root))
	require.NoError(t, err)
	assert.True(t, strings.HasPrefix(string(data), entryMagic+"\n"), "the format is unchanged")
	e, err := decodeEntry(data)
	require.NoError(t, err)
	require.Len(t, e.Versions, 1)
	assert.Equal(t, second.Hash, e.Versions[0].Hash)

	_, err = store.RemoveVersion(root, first.Hash)
	require.ErrorContains(t, err, "has no trusted version "+first.Hash)

	left, err = store.RemoveVersion(root, second.Hash)
	require.NoError(t, err)
	assert.Equal(t, 0, left)
	assert.NoFileExists(t, store.entryPath(root), "the last version's removal removes the entry")
}

func TestEntrySelectAndVersionLines(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 11, 25, 20, 0, 0, 0, time.UTC)
	a := Version{Hash: "sha256:aaaaaaaa11", TrustedAt: at}
	b := Version{Hash: "sha256:aaaaaaaa22", TrustedAt: at.Add(-time.Hour)}
	c := Version{Hash: "sha256:cccccccc33", TrustedAt: at.Add(-2 * time.Hour)}
	e := &Entry{Root: "/p", Versions: []Version{a, b, c}}

	assert.Equal(t, []string{
		"  1  2026-11-25T20:00:00Z  sha256:aaaaaaaa11",
		"  2  2026-11-25T19:00:00Z  sha256:aaaaaaaa22  (current)",
		"  3  2026-11-25T18:00:00Z  sha256:cccccccc33",
	}, e.VersionLines(b.Hash, ""))
	assert.Equal(t, "  3  2026-11-25T18:00:00Z  sha256:cccccccc33  (current, not trusted last: it does not run)",
		e.VersionLines("", c.Hash)[2])

	tests := []struct {
		sel, want, err string
	}{
		{sel: "1", want: a.Hash},
		{sel: "3", want: c.Hash},
		{sel: "0", err: "no version 0 (the project has 3 trusted versions"},
		{sel: "4", err: "no version 4"},
		{sel: "sha256:cccccccc", want: c.Hash},
		{sel: "sha256:aaaaaaaa2", want: b.Hash},
		{sel: "sha256:aaaaaaaa", err: "more than one version has this prefix"},
		{sel: "sha256:aaaa", err: "at least 8 hex digits"},
		{sel: "cccccccc", err: "want its number"},
		{sel: "sha256:dddddddd", err: "no trusted version has hash sha256:dddddddd"},
	}
	for _, tt := range tests {
		t.Run(tt.sel, func(t *testing.T) {
			t.Parallel()
			v, err := e.Select(tt.sel)
			if tt.err != "" {
				require.ErrorContains(t, err, tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, v.Hash)
		})
	}
}

// TestOlderVersionWrittenBack: only the version the user trusted last
// runs; writing an older trusted version's bytes back leaves the project
// pending, with the older version named, until it is trusted again
// (SPEC §2.4).
func TestOlderVersionWrittenBack(t *testing.T) {
	t.Parallel()
	root, store := project(t)
	config := filepath.Join(root, ".hookexec", "hooks.json")
	first := trustNow(t, root, store)
	write(t, config, `{"hooks":{"BeforeTool":[]}}`)
	second := trustNow(t, root, store)
	require.True(t, decide(t, root, store, "").Trusted)

	write(t, config, `{"hooks":{}}`) // the first version's bytes again
	d := decide(t, root, store, "")
	assert.False(t, d.Trusted, "an older trusted version does not run again")
	assert.True(t, d.Pending(), "the review is pending")
	require.NotNil(t, d.Kept())
	assert.Equal(t, second.Hash, d.Kept().Hash, "the version trusted last is the one kept")
	assert.Equal(t, first.Hash, d.Earlier(), "the project is at a version trusted before")
	assert.Contains(t, d.Why, "a version you trusted before")
	assert.Equal(t, []string{".hookexec/hooks.json"}, d.Changed())

	again := trustNow(t, root, store)
	assert.Equal(t, first.Hash, again.Hash)
	d = decide(t, root, store, "")
	assert.True(t, d.Trusted, "trusted again by the user")
	assert.Empty(t, d.Earlier())
}
