//go:build unix

package runner

import (
	"os"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/testproc"
)

// bash returns a shell-form spec running script with the test's environment.
func bash(script string, extraEnv ...string) Spec {
	return Spec{
		Argv: []string{"bash", "-c", script},
		Env:  append(os.Environ(), extraEnv...),
	}
}

// pgrepFull returns the pids of live processes whose command line matches
// pattern (pgrep -f), ignoring zombies, which have no command line.
func pgrepFull(t *testing.T, pattern string) []int {
	t.Helper()
	pids, err := testproc.Survivors(pattern)
	require.NoError(t, err)
	return pids
}

// killOnCleanup makes sure no process matching pattern outlives the test.
func killOnCleanup(t *testing.T, pattern string) {
	t.Helper()
	t.Cleanup(func() {
		for _, pid := range pgrepFull(t, pattern) {
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	})
}
