//go:build unix

package audit

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReadRefusesFIFOWithoutBlocking(t *testing.T) {
	t.Parallel()
	for _, which := range []string{"current", "rotated"} {
		l := testLog(t, "", "")
		path := l.Current
		if which == "rotated" {
			path = l.Rotated
		}
		require.NoError(t, syscall.Mkfifo(path, 0o600))
		done := make(chan error, 1)
		go func() { _, _, err := l.Tail(Query{}, 0); done <- err }()
		select {
		case err := <-done:
			assert.ErrorContains(t, err, "is a FIFO, not a regular file", which)
		case <-time.After(10 * time.Second):
			t.Fatalf("reading a FIFO at the %s path blocked", which)
		}
		_, _, err := l.Pick(Query{}, "")
		assert.ErrorContains(t, err, "FIFO")
		err = l.Follow(context.Background(), Query{}, 20, time.Millisecond, func([]Entry) error { return nil }, func(Stats) {})
		assert.ErrorContains(t, err, "FIFO")
	}
}

func TestReadRefusesSymlink(t *testing.T) {
	t.Parallel()
	l := testLog(t, "", "")
	target := filepath.Join(t.TempDir(), "elsewhere.jsonl")
	require.NoError(t, os.WriteFile(target, []byte(line(t, rec("a", 1))), 0o600))
	require.NoError(t, os.Symlink(target, l.Current))
	_, _, err := l.Tail(Query{}, 0)
	assert.ErrorContains(t, err, "is a symbolic link, which hookexec does not follow")
}
