package trust

import (
	"os"
	"path/filepath"
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
