package setup

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestInitText: a line per file with its note; the note about a project
// above only when there is one.
func TestInitText(t *testing.T) {
	t.Parallel()
	top := t.TempDir()
	var b strings.Builder
	res := InitResult{Root: filepath.Join(top, "p"), Files: []FileResult{
		{Path: ".hookexec/hooks.json", Status: "created"},
		{Path: ".gitignore", Status: "kept", Note: "exists"},
	}}
	require.NoError(t, res.WriteText(&b))
	assert.Equal(t, "created  .hookexec/hooks.json\nkept     .gitignore (exists)\n", b.String())

	noHome := func(string) string { return "" }
	assert.Empty(t, res.AboveNote(noHome))
	require.NoError(t, os.MkdirAll(filepath.Join(top, ".hookexec"), 0o755))
	assert.Equal(t, "note: "+top+" also has a .hookexec/ directory; from "+res.Root+" down, hookexec now uses this project's instead", res.AboveNote(noHome))
}
