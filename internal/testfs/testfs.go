// Package testfs gives tests temporary directories whose removal also
// works under Wine, whose file system lacks what os.RemoveAll uses on
// Windows (it reports "Invalid function"). Tests only.
package testfs

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// TempDir is t.TempDir, removed with RemoveTree when the test ends.
func TempDir(t testing.TB) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "hookexec-test")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { RemoveTree(dir) })
	return dir
}

// RemoveTree removes dir with os.RemoveAll, and what that leaves entry by
// entry, deepest first.
func RemoveTree(dir string) {
	if os.RemoveAll(dir) == nil {
		return
	}
	var paths []string
	_ = filepath.WalkDir(dir, func(path string, _ fs.DirEntry, _ error) error {
		paths = append(paths, path)
		return nil
	})
	for i := len(paths) - 1; i >= 0; i-- {
		_ = os.Remove(paths[i])
	}
}
