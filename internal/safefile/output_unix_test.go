//go:build unix

package safefile

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOpenOutputFIFO: a FIFO at the log path (no reader) is refused at
// once instead of hanging the event.
func TestOpenOutputFIFO(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "hookexec.log")
	require.NoError(t, syscall.Mkfifo(path, 0o600))
	for _, extra := range []int{os.O_APPEND, os.O_TRUNC} {
		f, err := OpenOutput("--log-file", path, extra)
		require.Error(t, err)
		assert.Nil(t, f)
		assert.Contains(t, err.Error(), "--log-file")
	}
	// With a reader the FIFO opens, and is refused as not a regular file.
	r, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	require.NoError(t, err)
	defer func() { _ = r.Close() }()
	_, err = OpenOutput("--trace", path, os.O_TRUNC)
	require.EqualError(t, err, "--trace "+path+": is a FIFO, not a regular file; give the path of a regular file")
}
