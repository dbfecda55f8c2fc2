//go:build unix

package testproc

import (
	"os/exec"
	"testing"
)

func TestSurvivorsFindsALiveProcessByMarker(t *testing.T) {
	cmd := exec.Command("sleep", "47.91")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	pids, err := Survivors("sleep 47.91")
	if err != nil {
		t.Fatal(err)
	}
	if len(pids) != 1 || pids[0] != cmd.Process.Pid {
		t.Errorf("Survivors = %v, want [%d]", pids, cmd.Process.Pid)
	}
	_ = cmd.Process.Kill()
	_, _ = cmd.Process.Wait()
	if pids, err = Survivors("sleep 47.91"); err != nil || len(pids) != 0 {
		t.Errorf("after the kill: %v, %v", pids, err)
	}
}
