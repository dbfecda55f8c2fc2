//go:build !linux

package runner

import "os"

// awaitExit waits for proc to exit and reaps it; the wait holds an OS
// thread until then (see wait_linux.go).
func awaitExit(proc *os.Process) (*os.ProcessState, error) {
	return proc.Wait()
}
