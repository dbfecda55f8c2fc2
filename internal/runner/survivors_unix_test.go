//go:build unix

package runner

import "testing"

// survivors are the live processes whose command line holds marker.
func survivors(t *testing.T, marker string) []int {
	t.Helper()
	return pgrepFull(t, marker)
}

// killChildOnCleanup makes sure that a hook program's child (marker in its
// command line, pid in pidFile) does not outlive the test.
func killChildOnCleanup(t *testing.T, marker, _ string) {
	t.Helper()
	killOnCleanup(t, marker)
}
