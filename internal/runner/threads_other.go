//go:build !linux

package runner

// reserveThreads does nothing: elsewhere RLIMIT_NPROC counts processes,
// not threads, so it never stops the Go runtime from making a thread.
func reserveThreads() {}
