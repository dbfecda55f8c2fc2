//go:build unix

package harness

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"syscall"
	"time"
)

// Run is one run of an agent's program in its own process group.
type Run struct {
	Program string
	Args    []string
	Dir     string
	Env     []string // the whole environment; it holds MarkerVar=Marker
	Marker  string   // what KillMarked looks for once the run is over
	Timeout time.Duration
}

// Result is what a Run left.
type Result struct {
	Stdout, Stderr []byte
	Exit           int // -1 when the program did not exit by itself
	Elapsed        time.Duration
	// Wait is what waiting for the program returned: an *exec.ExitError on
	// a non-zero exit.
	Wait error
	// Err is Wait without a non-zero exit: the program could not start, or
	// it did not finish within the Timeout (TimedOut).
	Err      error
	TimedOut bool
	// Leftover are the marked processes still alive after the run and its
	// process group were killed.
	Leftover []int
}

// Do runs the program, kills what is left of its process group, then every
// process still carrying the marker (a daemon that left the group).
func (r Run) Do() Result {
	ctx, cancel := context.WithTimeout(context.Background(), r.Timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, r.Program, r.Args...)
	cmd.Dir = r.Dir
	cmd.Env = r.Env
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	var stdout, stderr bytes.Buffer
	cmd.Stdout = &stdout
	cmd.Stderr = &stderr
	start := time.Now()
	err := cmd.Run()
	res := Result{Stdout: stdout.Bytes(), Stderr: stderr.Bytes(), Exit: -1, Elapsed: time.Since(start), Wait: err}
	if cmd.ProcessState != nil {
		res.Exit = cmd.ProcessState.ExitCode()
	}
	var exit *exec.ExitError
	if !errors.As(err, &exit) {
		res.Err = err
	}
	if ctx.Err() != nil {
		res.TimedOut = true
		res.Err = fmt.Errorf("%s did not finish within %s", filepath.Base(r.Program), r.Timeout)
	}
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
	res.Leftover = KillMarked("/proc", r.Marker)
	return res
}
