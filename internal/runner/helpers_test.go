package runner

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/testfs"
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

// tempDir is t.TempDir, also removable under Wine (see testfs).
func tempDir(t *testing.T) string { return testfs.TempDir(t) }

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
