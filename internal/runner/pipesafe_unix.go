//go:build unix

package runner

import (
	"os"

	"golang.org/x/sys/unix"
)

// PipeSafeStdio returns files for stdout and stderr on which a write whose
// reader went away (`hookexec fire ... | head -c1`) fails with EPIPE
// instead of killing hookexec with SIGPIPE, so that it still exits 2 for a
// block. Go kills a program for a broken pipe only on file descriptors 1
// and 2 (unless it asks for SIGPIPE with os/signal); the returned files
// are duplicates of them on higher descriptors, closed on exec, and write
// to the same pipes. Asking for SIGPIPE instead started the os/signal
// machinery (two threads and a round trip to one) in every command, which
// most never need. A descriptor that cannot be duplicated (not
// open) is returned as it is.
func PipeSafeStdio(stdout, stderr *os.File) (*os.File, *os.File) {
	return pipeSafe(stdout), pipeSafe(stderr)
}

func pipeSafe(f *os.File) *os.File {
	fd, err := unix.FcntlInt(f.Fd(), unix.F_DUPFD_CLOEXEC, 3)
	if err != nil {
		return f
	}
	return os.NewFile(uintptr(fd), f.Name())
}
