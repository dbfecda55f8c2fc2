package trust

import (
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

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
	require.NoError(t, os.MkdirAll(filepath.Join(proj, DirName, "tests"), 0o755))
	require.NoError(t, os.Symlink(proj, filepath.Join(dir, "link")))

	tests := []struct {
		name, path, root, rel string
		ok                    bool
	}{
		{"under .hookexec", filepath.Join(proj, DirName, "tests", "a.json"), proj, ".hookexec/tests/a.json", true},
		{"the root through a link", filepath.Join(dir, "link", DirName, "tests", "a.json"), proj, ".hookexec/tests/a.json", true},
		{"unclean", filepath.Join(proj, "x", "..", DirName, "a.json"), proj, ".hookexec/a.json", true},
		{"the directory itself", filepath.Join(proj, DirName), proj, ".hookexec", true},
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

// TestEntryKeepsConfigs: the store keeps the trusted config files' bytes
// (issue 18 §3), any byte included, and reads entries written before it.
func TestEntryKeepsConfigs(t *testing.T) {
	t.Parallel()
	v := Version{Hash: "sha256:a", Pins: map[string]string{".hookexec/hooks.json": Hash([]byte("{}\n"))}, Stats: map[string]FileStat{},
		Configs: map[string][]byte{".hookexec/hooks.json": []byte("{\"a\":\t\"\x00\xff\"}\n")}}
	e := &Entry{Root: "/p", Versions: []Version{v}}
	got, err := decodeEntry(encodeEntry(e))
	require.NoError(t, err)
	assert.Equal(t, v.Configs, got.Versions[0].Configs)

	old, err := decodeEntry([]byte(entryMagic + "\nroot\t\"/p\"\nversion\t\"sha256:a\"\t2026-11-22T21:00:00Z\npin\t\".hookexec/hooks.json\"\t" + strconv.Quote(Hash([]byte("{}\n"))) + "\n"))
	require.NoError(t, err)
	ov := &old.Versions[0]
	data, ok := ov.KeptConfig(".hookexec/hooks.json", []byte("{}\n"))
	assert.True(t, ok, "an old entry keeps a config file whose content is the pinned one")
	assert.Equal(t, "{}\n", string(data))
	_, ok = ov.KeptConfig(".hookexec/hooks.json", []byte("{\"x\":1}\n"))
	assert.False(t, ok, "an old entry cannot keep a changed config file")
	data, ok = v.KeptConfig(".hookexec/hooks.json", []byte("changed"))
	assert.True(t, ok)
	assert.Equal(t, v.Configs[".hookexec/hooks.json"], data)
}
