package runner

import (
	"errors"
	"fmt"
	"os"
	"time"
)

// detachWriteTimeout bounds the hand-over of StartDetached's input.
const detachWriteTimeout = 30 * time.Second

// StartDetached starts a process meant to outlive its caller (hookexec's
// supervisor of a background hook): path with argv, in the caller's working
// directory and environment, in a session of its own (Windows: a process
// group of its own, no console, out of the caller's job object where the
// job allows it), with stdout and stderr on the null device, so that it
// never holds the pipes of whoever waits for the caller. input is written
// to its stdin, which is then closed. Unlike a hook it is not supervised:
// nothing times it out or kills it, and the process-tree tracking never
// takes it for an orphan of a hook. StartDetached returns once input is
// written; the process is reaped whenever it ends.
func StartDetached(path string, argv []string, input []byte) error {
	var errs []error
	for _, attr := range detachAttrs() {
		err := startDetached(path, argv, input, attr, detachWriteTimeout)
		if err == nil {
			return nil
		}
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

func startDetached(path string, argv []string, input []byte, attr *sysProcAttr, writeTimeout time.Duration) error {
	pw, err := startPiped(path, argv, attr)
	if err != nil {
		return err
	}
	// A process that neither reads nor exits (not the program meant)
	// must not hold the caller: the write gives up after a while where
	// the system can time out a pipe.
	_ = pw.SetWriteDeadline(time.Now().Add(writeTimeout))
	_, werr := pw.Write(input)
	if cerr := pw.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		return fmt.Errorf("runner: writing to %s: %w", path, werr)
	}
	return nil
}

// startPiped starts a process of this program's own (startOwn) with a
// pipe as its stdin, whose write end it returns, and stdout and stderr on
// the null device. The process is reaped whenever it ends.
func startPiped(path string, argv []string, attr *sysProcAttr) (*os.File, error) {
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		return nil, fmt.Errorf("runner: opening %s: %w", os.DevNull, err)
	}
	defer func() { _ = null.Close() }() // the child has its own copy
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("runner: pipe: %w", err)
	}
	proc, err := startOwn(path, argv, &os.ProcAttr{Files: []*os.File{pr, null, null}, Sys: attr})
	_ = pr.Close()
	if err != nil {
		_ = pw.Close()
		return nil, fmt.Errorf("runner: starting %s: %w", path, err)
	}
	go func() {
		_, _ = proc.Wait()
		forgetOwn(proc.Pid)
	}()
	return pw, nil
}
