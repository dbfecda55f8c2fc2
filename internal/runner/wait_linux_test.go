package runner

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// threads is this process's number of OS threads.
func threads(t *testing.T) int {
	t.Helper()
	status, err := os.ReadFile("/proc/self/status")
	require.NoError(t, err)
	for _, line := range strings.Split(string(status), "\n") {
		if v, ok := strings.CutPrefix(line, "Threads:"); ok {
			n, err := strconv.Atoi(strings.TrimSpace(v))
			require.NoError(t, err)
			return n
		}
	}
	t.Fatal("no Threads: line in /proc/self/status")
	return 0
}

// Waiting for running hooks holds no OS thread per hook (issue 9): with
// 100 hooks running at once, the process has far fewer than 100 threads.
// Not parallel: other tests' hooks would count.
func TestWaitHoldsNoThreadPerHook(t *testing.T) {
	const n = 100
	dir := t.TempDir()
	specs := make([]Spec, n)
	for i := range specs {
		// Each hook says it runs, then waits for the test to let it go.
		specs[i] = Spec{Argv: []string{"sh", "-c", `touch "$1/$2"; while [ ! -e "$1/go" ]; do sleep 0.05; done`, "sh", dir, strconv.Itoa(i)}}
	}
	done := make(chan []Result)
	go func() { done <- New(Options{}).RunAll(context.Background(), specs) }()
	require.Eventually(t, func() bool {
		entries, _ := os.ReadDir(dir)
		return len(entries) == n
	}, 30*time.Second, 10*time.Millisecond)
	// Every hook's leader runs (it created its file and loops).
	during := threads(t)
	t.Logf("%d threads while %d hooks run", during, n)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go"), nil, 0o644))
	results := <-done
	for i, res := range results {
		assert.Equal(t, Exited, res.Status, "hook %d: %v", i, res.Err)
		assert.Equal(t, 0, res.ExitCode, "hook %d", i)
	}
	assert.Less(t, during, n/2, "threads while %d hooks ran", n)
}
