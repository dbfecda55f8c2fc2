//go:build !windows

package main

import (
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// testMain is testscript.Main: the test binary runs as one of commands when
// called by its name, else it puts them on PATH and runs the tests.
func testMain(m *testing.M, commands map[string]func()) {
	testscript.Main(m, commands)
}
