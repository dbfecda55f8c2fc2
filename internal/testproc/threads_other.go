//go:build !linux

package testproc

import "errors"

// Threads is this process's number of OS threads; only Linux says.
func Threads() (int, error) {
	return 0, errors.New("testproc: thread count: Linux only")
}
