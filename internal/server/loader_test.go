package server

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/registry"
)

func TestLoaderReloadsOnChange(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cfg := filepath.Join(dir, "hooks.json")
	write := func(body string) {
		require.NoError(t, os.WriteFile(cfg, []byte(body), 0o644))
	}
	one := `{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","command":"one"}]}]}}`
	write(one)
	getenv := func(string) string { return "" }
	l := &Loader{Options: registry.Options{Configs: []string{cfg}, Getenv: getenv}}

	reg1, err := l.Registry(dir)
	require.NoError(t, err)
	again, err := l.Registry(dir)
	require.NoError(t, err)
	assert.Same(t, reg1, again, "unchanged files: the same registry")

	write(`{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","command":"two two"}]}]}}`)
	reg2, err := l.Registry(dir)
	require.NoError(t, err)
	require.Len(t, reg2.Hooks, 1)
	assert.Equal(t, "two two", reg2.Hooks[0].Command)

	write(`{"hooks":`)
	_, err = l.Registry(dir)
	require.Error(t, err)
	_, err2 := l.Registry(dir)
	assert.Equal(t, err, err2, "the error is kept until the file changes")

	// Same size, new mtime: loaded again.
	write(one)
	past := time.Now().Add(-time.Hour)
	require.NoError(t, os.Chtimes(cfg, past, past))
	reg3, err := l.Registry(dir)
	require.NoError(t, err)
	assert.Equal(t, "one", reg3.Hooks[0].Command)
	require.NoError(t, os.Chtimes(cfg, time.Now(), time.Now()))
	reg4, err := l.Registry(dir)
	require.NoError(t, err)
	assert.NotSame(t, reg3, reg4)

	// Replaced by another file (a new inode) with the same size and mtime.
	other := filepath.Join(dir, "other.json")
	require.NoError(t, os.WriteFile(other, []byte(one), 0o644))
	fi, err := os.Stat(cfg)
	require.NoError(t, err)
	require.NoError(t, os.Chtimes(other, fi.ModTime(), fi.ModTime()))
	require.NoError(t, os.Rename(other, cfg))
	reg5, err := l.Registry(dir)
	require.NoError(t, err)
	assert.NotSame(t, reg4, reg5)
}
