//go:build linux

package main

import (
	"fmt"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/testproc"
)

// 40 parallel hooks under `ulimit -u 24`, as an unprivileged user (issue
// 9). Linux counts hookexec's threads and the hooks' processes against the
// same limit: fire never dies for want of a thread, a hook that cannot be
// started is a spawn_error naming the limit, and a timed-out hook leaves
// nothing behind.
func TestFireUnderLowProcessLimit(t *testing.T) {
	setpriv, dir, bin := unprivilegedSetup(t)
	const limit = "ulimit -u 24"
	config := filepath.Join(dir, "hooks.json")
	hooks := func(format string) {
		var commands []string
		for i := range 40 {
			commands = append(commands, fmt.Sprintf(format, i))
		}
		writeHooks(t, config, commands)
	}

	// Hooks that end: they take turns for the processes, so all run.
	hooks("echo h%d; sleep 0.1")
	var outcomes map[string]int
	var errs []string
	for range 3 {
		outcomes, errs = fireLimited(t, setpriv, dir, bin, limit, config, 40)
		assert.Equal(t, map[string]int{"success": 40}, outcomes, "errors: %q", errs)
	}

	// Hooks that time out: none survives, started or not.
	marker := "sleep 4761"
	t.Cleanup(func() { killMatching(t, marker) })
	hooks(marker + " # %d")
	outcomes, errs = fireLimited(t, setpriv, dir, bin, limit, config, 40, "--timeout", "300ms", "--kill-grace", "100ms")
	assert.Equal(t, map[string]int{"timeout": 40}, outcomes, "errors: %q", errs)
	assert.Empty(t, pgrep(t, marker), "a timed-out hook survived")

	// The first hook lowers hookexec's limit to one process (prlimit, as
	// the same user): every later spawn fails while no hook runs, so each
	// is a spawn_error that names the limit.
	writeHooks(t, config, []string{"prlimit --pid $PPID --nproc=1:", "echo 1", "echo 2"})
	outcomes, errs = fireLimited(t, setpriv, dir, bin, limit, config, 3, "--sequential")
	assert.Equal(t, map[string]int{"success": 1, "spawn_error": 2}, outcomes, "errors: %q", errs)
	for _, e := range errs {
		assert.Contains(t, e, "out of processes: RLIMIT_NPROC is 1 (this user's processes and threads); raise it with ulimit -u")
	}
}

// pgrep returns the pids of live processes whose command line matches
// pattern.
func pgrep(t *testing.T, pattern string) []int {
	t.Helper()
	pids, err := testproc.Survivors(pattern)
	require.NoError(t, err)
	return pids
}

// killMatching kills every process whose command line matches pattern.
func killMatching(t *testing.T, pattern string) {
	for _, pid := range pgrep(t, pattern) {
		_ = syscall.Kill(pid, syscall.SIGKILL)
	}
}
