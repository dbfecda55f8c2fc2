package runner

import (
	"os"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
	"golang.org/x/sys/windows"

	"github.com/hookexec/hookexec/internal/testproc"
)

// survivors are the live processes whose command line holds marker.
func survivors(t *testing.T, marker string) []int {
	t.Helper()
	pids, err := testproc.Survivors(marker)
	require.NoError(t, err)
	return pids
}

// killChildOnCleanup makes sure that a hook program's child (its pid in
// pidFile) does not outlive the test.
func killChildOnCleanup(t *testing.T, _, pidFile string) {
	t.Helper()
	t.Cleanup(func() {
		data, err := os.ReadFile(pidFile)
		if err != nil {
			return
		}
		pid, err := strconv.Atoi(string(data))
		if err != nil {
			return
		}
		if h, err := windows.OpenProcess(windows.PROCESS_TERMINATE, false, uint32(pid)); err == nil {
			_ = windows.TerminateProcess(h, 1)
			_ = windows.CloseHandle(h)
		}
	})
}
