package runner

import (
	"os"
	"os/exec"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/sys/unix"
)

func TestProcsOf(t *testing.T) {
	t.Parallel()
	kps := make([]unix.KinfoProc, 2)
	kps[0].Proc.P_pid, kps[0].Proc.P_stat, kps[0].Eproc.Ppid, kps[0].Eproc.Pgid = 4242, 2, 1, 4242
	kps[1].Proc.P_pid, kps[1].Proc.P_stat, kps[1].Eproc.Ppid, kps[1].Eproc.Pgid = 4243, szomb, 4242, 4242
	assert.Equal(t, []procInfo{
		{pid: 4242, ppid: 1, pgid: 4242},
		{pid: 4243, ppid: 4242, pgid: 4242, zombie: true},
	}, procsOf(kps))
}

// TestListProcsFindsSelfAndZombie reads the real table: this process with
// its parent and group, and an exited, unwaited child as a zombie.
func TestListProcsFindsSelfAndZombie(t *testing.T) {
	t.Parallel()
	cmd := exec.Command("/usr/bin/true")
	require.NoError(t, cmd.Start())
	t.Cleanup(func() { _ = cmd.Wait() })
	find := func(procs []procInfo, pid int) (procInfo, bool) {
		for _, p := range procs {
			if p.pid == pid {
				return p, true
			}
		}
		return procInfo{}, false
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		procs, ok := listProcs()
		require.True(t, ok)
		self, found := find(procs, os.Getpid())
		require.True(t, found)
		assert.Equal(t, os.Getppid(), self.ppid)
		assert.Equal(t, syscall.Getpgrp(), self.pgid)
		if child, found := find(procs, cmd.Process.Pid); found && child.zombie {
			assert.Equal(t, os.Getpid(), child.ppid)
			return
		}
		require.True(t, time.Now().Before(deadline), "the exited child never showed as a zombie")
		time.Sleep(20 * time.Millisecond)
	}
}
