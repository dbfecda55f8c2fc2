package testfs

import (
	"os"
	"path/filepath"
	"testing"
)

func TestRemoveTreeRemovesNestedEntries(t *testing.T) {
	dir, err := os.MkdirTemp("", "hookexec-testfs")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(dir, "a", "b"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "a", "b", "f"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	RemoveTree(dir)
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Fatalf("%s still exists: %v", dir, err)
	}
}
