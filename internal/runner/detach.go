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
	return StartDetachedWith(path, argv, input, DetachOptions{})
}

// DetachOptions change what StartDetachedWith gives the process.
type DetachOptions struct {
	// Dir is its working directory ("" = the caller's).
	Dir string
	// Env is its environment (nil = the caller's).
	Env []string
	// Output receives its stdout and stderr (nil = the null device): a
	// log file of its own, never a pipe someone waits on.
	Output *os.File
}

// StartDetachedWith is StartDetached with o: a long-lived server started
// for the user (serve --ensure) runs in a directory, an environment and
// with a log of its own.
func StartDetachedWith(path string, argv []string, input []byte, o DetachOptions) error {
	var errs []error
	for _, attr := range detachAttrs() {
		err := startDetached(path, argv, input, attr, o, detachWriteTimeout)
		if err == nil {
			return nil
		}
		errs = append(errs, err)
	}
	return errors.Join(errs...)
}

func startDetached(path string, argv []string, input []byte, attr *sysProcAttr, o DetachOptions, writeTimeout time.Duration) error {
	pw, err := startPiped(path, argv, attr, o)
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

// startPiped starts a process of this program's own (startOwn), with o,
// and a pipe as its stdin, whose write end it returns. The process is
// reaped whenever it ends.
func startPiped(path string, argv []string, attr *sysProcAttr, o DetachOptions) (*os.File, error) {
	out := o.Output
	if out == nil {
		null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
		if err != nil {
			return nil, fmt.Errorf("runner: opening %s: %w", os.DevNull, err)
		}
		defer func() { _ = null.Close() }() // the child has its own copy
		out = null
	}
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("runner: pipe: %w", err)
	}
	proc, err := startOwn(path, argv, &os.ProcAttr{Dir: o.Dir, Env: o.Env, Files: []*os.File{pr, out, out}, Sys: attr})
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
