//go:build unix

package runner

import (
	"errors"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"
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
	out, err := exec.Command("pgrep", "-f", pattern).Output()
	if err != nil {
		var ee *exec.ExitError
		require.Truef(t, errors.As(err, &ee) && ee.ExitCode() == 1, "pgrep: %v", err)
	}
	var pids []int
	for _, field := range strings.Fields(string(out)) {
		pid, err := strconv.Atoi(field)
		require.NoError(t, err)
		if state, _, err := procStat(pid); err == nil && state != 'Z' {
			pids = append(pids, pid)
		}
	}
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
