package main

import (
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// survivePipeClose keeps hookexec alive when the reader of its stdout or
// stderr goes away (`hookexec fire ... | head -c1`). Go kills a program
// that writes to a broken pipe on fd 1 or 2 with SIGPIPE unless it asks
// for the signal; once asked, the write fails with EPIPE and hookexec
// still exits 2 for a block. The handler is not inherited: hooks start
// with SIGPIPE at its default, as signal.Ignore would not leave them.
func survivePipeClose() {
	signal.Notify(make(chan os.Signal, 1), syscall.SIGPIPE)
}

// writeVerdictError is a failure to print the verdict on stdout.
func writeVerdictError(err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("writing the verdict to stdout: %w", err)
}

// trackedWriter passes writes on to w and remembers the first failure;
// after it, nothing more is written. For reports written piece by piece
// (test's text lines), where each write's error would otherwise be lost.
type trackedWriter struct {
	w   io.Writer
	err error
}

func (t *trackedWriter) Write(p []byte) (int, error) {
	if t.err != nil {
		return 0, t.err
	}
	n, err := t.w.Write(p)
	if err != nil {
		t.err = err
	}
	return n, err
}

// printf and println write to t as fmt.Fprintf and fmt.Fprintln do; a
// failure stays in t.err for the command to return (stdoutError) once it
// has done the rest of its work.
func (t *trackedWriter) printf(format string, args ...any) { _, _ = fmt.Fprintf(t, format, args...) }
func (t *trackedWriter) println(args ...any)               { _, _ = fmt.Fprintln(t, args...) }

// stdoutError is a failure to write a command's output (not a verdict or
// test's report) to stdout: an error, as a verdict's is.
func stdoutError(err error) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf("writing to stdout: %w", err)
}
