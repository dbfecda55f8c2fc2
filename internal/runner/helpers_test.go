package runner

import (
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// waitForFile polls until path exists: hooks touch a file once their
// traps are installed, instead of the test sleeping and hoping.
func waitForFile(t *testing.T, path string) {
	t.Helper()
	require.Eventually(t, func() bool {
		_, err := os.Stat(path)
		return err == nil
	}, 10*time.Second, 5*time.Millisecond, "hook never created %s", path)
}

func readyFile(t *testing.T) string {
	return filepath.Join(tempDir(t), "ready")
}

// tempDir is t.TempDir, except that its removal does not fail under Wine,
// whose file system lacks what os.RemoveAll uses on Windows (it reports
// "Invalid function"): what RemoveAll leaves is removed entry by entry,
// deepest first.
func tempDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "hookexec-runner-test")
	require.NoError(t, err)
	t.Cleanup(func() {
		if os.RemoveAll(dir) == nil {
			return
		}
		var paths []string
		_ = filepath.WalkDir(dir, func(path string, _ fs.DirEntry, err error) error {
			paths = append(paths, path)
			return nil
		})
		for i := len(paths) - 1; i >= 0; i-- {
			_ = os.Remove(paths[i])
		}
	})
	return dir
}

func splitLines(s string) []string {
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

func fields(s string) []string { return strings.Fields(s) }

func itoa(n int) string { return strconv.Itoa(n) }

const mib = 1 << 20

// bigInput is 10 MiB of varied bytes, so a misplaced chunk would show.
func bigInput() []byte {
	b := make([]byte, 10*mib)
	for i := range b {
		b[i] = byte(i*7 + i/4096)
	}
	return b
}
