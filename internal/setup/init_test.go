package setup

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestInitFresh(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), "new")
	res, err := Init(dir)
	require.NoError(t, err)
	assert.Equal(t, dir, res.Root)
	assert.Equal(t, []FileResult{
		{Path: ".hookexec/hooks.json", Status: Created},
		{Path: ".hookexec/tests/guard.json", Status: Created},
		{Path: ".gitignore", Status: Created, Note: LocalConfig},
	}, res.Files)
	data, err := os.ReadFile(filepath.Join(dir, ".hookexec", "hooks.json"))
	require.NoError(t, err)
	assert.Contains(t, string(data), `"$schema": "https://raw.githubusercontent.com/hookexec/hookexec/main/schema/hooks.schema.json"`)
	// The guard is the built-in pack as a rules hook: nothing for a shell
	// to run (SPEC §4.8), so it guards on Windows without Git Bash too.
	var cfg struct {
		Hooks map[string][]struct {
			Matcher string           `json:"matcher"`
			Hooks   []map[string]any `json:"hooks"`
		} `json:"hooks"`
	}
	require.NoError(t, json.Unmarshal(data, &cfg))
	require.Len(t, cfg.Hooks["BeforeTool"], 1)
	def := cfg.Hooks["BeforeTool"][0]
	assert.Empty(t, def.Matcher, "every tool call of every agent")
	require.Len(t, def.Hooks, 1)
	assert.Equal(t, "rules", def.Hooks[0]["type"])
	assert.Equal(t, []any{"hookexec:default"}, def.Hooks[0]["use"])
	assert.NotContains(t, def.Hooks[0], "command")
	_, err = os.Stat(filepath.Join(dir, ".hookexec", "policies"))
	assert.True(t, os.IsNotExist(err), "init writes no script")
}

func TestInitKeepsExistingFiles(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, ".hookexec", "tests"), 0o755))
	mine := filepath.Join(dir, ".hookexec", "tests", "guard.json")
	require.NoError(t, os.WriteFile(mine, []byte("[]"), 0o644))
	res, err := Init(dir)
	require.NoError(t, err)
	assert.Equal(t, FileResult{Path: ".hookexec/tests/guard.json", Status: Kept, Note: "exists; not overwritten"}, res.Files[1])
	assert.Equal(t, Created, res.Files[0].Status)
	data, err := os.ReadFile(mine)
	require.NoError(t, err)
	assert.Equal(t, "[]", string(data))

	res, err = Init(dir)
	require.NoError(t, err)
	for _, f := range res.Files[:2] {
		assert.Equal(t, Kept, f.Status, f.Path)
	}
	assert.Equal(t, Present, res.Files[2].Status)
}

func TestInitGitignore(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name, before, after string
		status              Status
	}{
		{"appended after a final newline", "bin/\n", "bin/\n.hookexec/hooks.local.json\n", Appended},
		{"a newline first when the last line has none", "bin/", "bin/\n.hookexec/hooks.local.json\n", Appended},
		{"empty file", "", ".hookexec/hooks.local.json\n", Appended},
		{"already there", "a\n.hookexec/hooks.local.json\nb\n", "a\n.hookexec/hooks.local.json\nb\n", Present},
		{"anchored spelling", "/.hookexec/hooks.local.json", "/.hookexec/hooks.local.json", Present},
		{"any directory", "  hooks.local.json  \r\n", "  hooks.local.json  \r\n", Present},
		{"a comment does not count", "# .hookexec/hooks.local.json\n", "# .hookexec/hooks.local.json\n.hookexec/hooks.local.json\n", Appended},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			p := filepath.Join(dir, ".gitignore")
			require.NoError(t, os.WriteFile(p, []byte(tt.before), 0o644))
			r, err := ignoreLocalConfig(dir)
			require.NoError(t, err)
			assert.Equal(t, tt.status, r.Status)
			data, err := os.ReadFile(p)
			require.NoError(t, err)
			assert.Equal(t, tt.after, string(data))
		})
	}
}

func TestInitRefusesLinks(t *testing.T) {
	t.Parallel()
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links need privileges on Windows")
	}
	dir, target := t.TempDir(), t.TempDir()
	require.NoError(t, os.Symlink(target, filepath.Join(dir, ".hookexec")))
	_, err := Init(dir)
	require.ErrorContains(t, err, "is not a directory")
	entries, err := os.ReadDir(target)
	require.NoError(t, err)
	assert.Empty(t, entries)

	// A .gitignore that is a symbolic link is not written through.
	dir = t.TempDir()
	outside := filepath.Join(t.TempDir(), "bashrc")
	require.NoError(t, os.WriteFile(outside, []byte("x\n"), 0o644))
	require.NoError(t, os.Symlink(outside, filepath.Join(dir, ".gitignore")))
	res, err := Init(dir)
	require.NoError(t, err)
	assert.Equal(t, Skipped, res.Files[2].Status)
	data, err := os.ReadFile(outside)
	require.NoError(t, err)
	assert.Equal(t, "x\n", string(data))
}
