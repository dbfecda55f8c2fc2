package runner

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// adoptedZombies lists this process's children that have exited and are
// not reaped, and are not in its session (so are adopted orphans).
func adoptedZombies(t *testing.T) []procInfo {
	t.Helper()
	procs, ok := listProcs()
	require.True(t, ok)
	var zs []procInfo
	for _, p := range procs {
		if p.ppid == os.Getpid() && p.zombie && p.sid != ownSession() {
			zs = append(zs, p)
		}
	}
	return zs
}

// The daemon a hook leaves behind when it exits on its own is left alone,
// and reaped when it exits, however long hookexec runs (as
// subreaper, hookexec inherits it). Not parallel: another test's
// termination would reap it in passing.
func TestAdoptedOrphansAreReaped(t *testing.T) {
	dir := t.TempDir()
	// The subshell exits at once: its sleep is orphaned, adopted, and
	// exits after 0.3 s, recording its pid first.
	spec := bash(`(sh -c 'echo $$ > "$1/pid"; exec sleep 0.3' sh "$0" &) ; exit 0`, dir)
	spec.Argv = append(spec.Argv, dir)
	res := New(Options{}).Run(context.Background(), spec)
	require.Equal(t, Exited, res.Status, "%v", res.Err)
	waitForFile(t, dir+"/pid")
	data, err := os.ReadFile(dir + "/pid")
	require.NoError(t, err)
	pid, err := strconv.Atoi(string(data[:len(data)-1]))
	require.NoError(t, err)

	// The daemon runs on after the hook (left alone), as this process's
	// adopted child...
	p, err := readProcStat(pid)
	require.NoError(t, err)
	assert.Equal(t, os.Getpid(), p.ppid)
	// ...and once it has exited, nothing of it is left, not even a zombie.
	assert.Eventually(t, func() bool {
		_, err := readProcStat(pid)
		return err != nil
	}, 10*time.Second, 10*time.Millisecond, "the exited daemon was not reaped")
	assert.Empty(t, adoptedZombies(t))
}
