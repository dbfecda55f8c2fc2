//go:build unix

package testproc

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
)

// Survivors are the live processes whose command line matches marker
// (pgrep -f). Exited but unreaped processes (zombies), which pgrep may
// still list, are skipped where /proc says which they are.
func Survivors(marker string) ([]int, error) {
	out, err := exec.Command("pgrep", "-f", marker).Output()
	var ee *exec.ExitError
	if errors.As(err, &ee) && ee.ExitCode() == 1 {
		return nil, nil // none
	}
	if err != nil {
		return nil, fmt.Errorf("testproc: pgrep: %w", err)
	}
	var pids []int
	for _, field := range strings.Fields(string(out)) {
		pid, err := strconv.Atoi(field)
		if err != nil {
			return nil, fmt.Errorf("testproc: pgrep printed %q", field)
		}
		if !zombie(pid) {
			pids = append(pids, pid)
		}
	}
	return pids, nil
}

// zombie reports whether /proc shows pid as exited and not reaped.
func zombie(pid int) bool {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	// pid (comm) state ...: comm may hold spaces and parentheses.
	s := string(data)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	return len(fields) > 0 && fields[0] == "Z"
}
