package main

import (
	"fmt"
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
