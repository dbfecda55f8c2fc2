// Package testproc helps tests find the processes a test left behind: the
// live processes whose command line holds a marker. Tests only; on Unix
// the tests use pgrep, so the package has code for Windows only.
package testproc
