//go:build unix

package harness

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
)

// MarkerVar is the environment variable a suite sets to a fresh value for
// every agent run, so that whatever the run left behind can be found.
const MarkerVar = "HOOKEXEC_E2E_RUN"

// KillMarked kills every live process under procDir (normally "/proc")
// whose environment holds MarkerVar=marker, except the calling process, and
// returns their pids: an agent that left a child running (a hook, a
// subprocess) is caught here. Zombies are skipped: they are already dead and
// only wait for their parent to reap them.
func KillMarked(procDir, marker string) []int {
	want := []byte(MarkerVar + "=" + marker + "\x00")
	entries, _ := os.ReadDir(procDir)
	var pids []int
	for _, e := range entries {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == os.Getpid() {
			continue
		}
		environ, err := os.ReadFile(filepath.Join(procDir, e.Name(), "environ"))
		if err != nil || !bytes.Contains(append(environ, 0), want) {
			continue
		}
		if stat, err := os.ReadFile(filepath.Join(procDir, e.Name(), "stat")); err == nil && zombie(stat) {
			continue
		}
		_ = syscall.Kill(pid, syscall.SIGKILL)
		pids = append(pids, pid)
	}
	return pids
}

// zombie reports whether a /proc/PID/stat line has state Z; the state is the
// field after the command name, which is in parentheses and may hold spaces
// or parentheses itself.
func zombie(stat []byte) bool {
	i := bytes.LastIndexByte(stat, ')')
	return i > 0 && len(stat) > i+2 && stat[i+2] == 'Z'
}
