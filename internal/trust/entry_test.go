package trust

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/hookexec/hookexec/internal/dirs"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestEntryFindAndListLine(t *testing.T) {
	t.Parallel()
	at := time.Date(2025, 3, 4, 5, 6, 7, 0, time.FixedZone("x", 3600))
	v1 := NewVersion(map[string]string{".hookexec/hooks.json": "sha256:1"}, nil, nil, nil, at)
	v2 := NewVersion(map[string]string{".hookexec/hooks.json": "sha256:2"}, nil, nil, nil, at)
	e := &Entry{Root: "/p", Versions: []Version{v2, v1}}

	assert.Same(t, &e.Versions[1], e.Find(v1.Hash))
	assert.Nil(t, e.Find("sha256:none"))
	assert.Nil(t, (*Entry)(nil).Find(v1.Hash))

	assert.Equal(t, "/p  2 versions  "+ShortPin(v2.Hash)+" 2025-03-04T04:06:07Z  changed", e.ListLine("changed"))
	e.Versions = e.Versions[:1]
	assert.Equal(t, "/p  1 version  "+ShortPin(v2.Hash)+" 2025-03-04T04:06:07Z  trusted", e.ListLine("trusted"))
	e.Versions = nil
	assert.Equal(t, "/p  0 versions  -  missing", e.ListLine("missing"))
}

func TestLocate(t *testing.T) {
	t.Parallel()
	dir, err := Canonical(t.TempDir())
	require.NoError(t, err)
	proj := filepath.Join(dir, "proj")
	require.NoError(t, os.MkdirAll(filepath.Join(proj, dirs.Name, "tests"), 0o755))
	require.NoError(t, os.Symlink(proj, filepath.Join(dir, "link")))

	tests := []struct {
		name, path, root, rel string
		ok                    bool
	}{
		{"under .hookexec", filepath.Join(proj, dirs.Name, "tests", "a.json"), proj, ".hookexec/tests/a.json", true},
		{"the root through a link", filepath.Join(dir, "link", dirs.Name, "tests", "a.json"), proj, ".hookexec/tests/a.json", true},
		{"unclean", filepath.Join(proj, "x", "..", dirs.Name, "a.json"), proj, ".hookexec/a.json", true},
		{"the directory itself", filepath.Join(proj, dirs.Name), proj, ".hookexec", true},
		{"outside", filepath.Join(proj, "cases.json"), "", "", false},
		{"a look-alike", filepath.Join(proj, ".hookexec2", "a.json"), "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			root, rel, ok, err := Locate(tt.path)
			require.NoError(t, err)
			assert.Equal(t, tt.ok, ok)
			assert.Equal(t, tt.root, root)
			assert.Equal(t, tt.rel, rel)
		})
	}
}

// TestStoreKeepsConfigs: the store keeps the trusted config files' bytes,
// any byte included, beside the entry, whose format stays
// the one a previous release reads; rewriting the entry (a new version,
// a revoked one) keeps the bytes of the versions it keeps.
func TestStoreKeepsConfigs(t *testing.T) {
	t.Parallel()
	base := t.TempDir()
	store := OpenStore(func(k string) string {
		if k == "XDG_DATA_HOME" {
			return base
		}
		return ""
	})
	root := filepath.Join(base, "p")
	bytes1 := []byte("{\"a\":\t\"\x00\xff\"}\n")
	v1 := Version{Hash: "sha256:a", Pins: map[string]string{".hookexec/hooks.json": Hash(bytes1)}, Configs: map[string][]byte{".hookexec/hooks.json": bytes1}}
	_, err := store.Add(root, v1)
	require.NoError(t, err)
	raw, err := os.ReadFile(store.entryPath(root))
	require.NoError(t, err)
	assert.NotContains(t, string(raw), "config", "the entry keeps the previous release's format")

	v2 := Version{Hash: "sha256:b", Pins: map[string]string{}}
	_, err = store.Add(root, v2)
	require.NoError(t, err)
	e, err := store.Load(root)
	require.NoError(t, err)
	require.Len(t, e.Versions, 2)
	assert.Nil(t, e.Versions[1].Configs, "loaded only when needed")
	store.loadConfigs(e)
	assert.Equal(t, v1.Configs, e.Versions[1].Configs, "a new version keeps the older one's bytes")

	_, err = store.RemoveVersion(root, "sha256:a")
	require.NoError(t, err)
	_, err = os.Stat(store.configsPath(root))
	assert.ErrorIs(t, err, os.ErrNotExist, "no version has bytes left")

	// An entry trusted before the bytes were kept.
	old := &Version{Pins: v1.Pins}
	data, ok := old.KeptConfig(".hookexec/hooks.json", bytes1)
	assert.True(t, ok, "a config file whose content is the pinned one is kept")
	assert.Equal(t, bytes1, data)
	_, ok = old.KeptConfig(".hookexec/hooks.json", []byte("{\"x\":1}\n"))
	assert.False(t, ok, "a changed config file without its trusted bytes is not")
}
