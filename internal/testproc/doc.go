// Package testproc helps tests (and the soak) find the processes a test
// left behind: the live processes whose command line holds a marker. Not
// for production code.
package testproc
