//go:build unix

package safefile

import (
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestOpenInput(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	file := filepath.Join(dir, "log.jsonl")
	require.NoError(t, os.WriteFile(file, []byte("x\n"), 0o600))
	f, fi, err := OpenInput("decision log", file)
	require.NoError(t, err)
	assert.True(t, fi.Mode().IsRegular())
	require.NoError(t, f.Close())

	_, _, err = OpenInput("decision log", filepath.Join(dir, "missing"))
	assert.ErrorIs(t, err, fs.ErrNotExist)

	link := filepath.Join(dir, "link")
	require.NoError(t, os.Symlink(file, link))
	_, _, err = OpenInput("decision log", link)
	assert.EqualError(t, err, "decision log "+link+": is a symbolic link, which hookexec does not follow")

	fifo := filepath.Join(dir, "fifo")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	_, _, err = OpenInput("decision log", fifo) // no writer: must not block
	assert.EqualError(t, err, "decision log "+fifo+": is a FIFO, not a regular file")

	_, _, err = OpenInput("decision log", dir)
	assert.ErrorContains(t, err, "is a directory, not a regular file")
}
