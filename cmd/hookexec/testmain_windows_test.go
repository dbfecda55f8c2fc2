package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hookexec/hookexec/internal/testfs"
)

// testMain does what testscript.Main does (the test binary runs as one of
// commands when called by its name, else copies of it named after them are
// put on PATH and the tests run), except that removing the copies
// afterwards does not fail under Wine, whose file system lacks what
// os.RemoveAll uses on Windows; testscript.Main exits 1 when it fails.
func testMain(m *testing.M, commands map[string]func()) {
	name := strings.TrimSuffix(filepath.Base(os.Args[0]), ".exe")
	if f, ok := commands[name]; ok {
		os.Args[0] = name
		f()
		os.Exit(0)
	}
	bin, err := os.MkdirTemp("", "hookexec-test-bin")
	if err != nil {
		fmt.Fprintln(os.Stderr, "test setup:", err)
		os.Exit(1)
	}
	self, err := os.Executable()
	for name := range commands {
		if err == nil {
			err = copyFile(self, filepath.Join(bin, name+".exe"))
		}
	}
	if err == nil {
		err = os.Setenv("PATH", bin+string(filepath.ListSeparator)+os.Getenv("PATH"))
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "test setup:", err)
		os.Exit(1)
	}
	code := m.Run()
	testfs.RemoveTree(bin)
	os.Exit(code)
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer func() { _ = in.Close() }()
	out, err := os.Create(to)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		_ = out.Close()
		return err
	}
	return out.Close()
}
