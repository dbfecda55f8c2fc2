//go:build unix

package audit

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestAppendRefusesAFIFOWithoutBlocking(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "decisions.jsonl")
	require.NoError(t, syscall.Mkfifo(path, 0o600))
	l, _ := Open(envOf(map[string]string{EnvFile: path}))
	done := make(chan error, 1)
	go func() { done <- l.Append(testRecord("a"), "") }()
	select {
	case err := <-done:
		require.Error(t, err)
	case <-time.After(10 * time.Second):
		t.Fatal("Append blocked on a FIFO with no reader")
	}
}

func TestAppendToDevFullFailsHarmlessly(t *testing.T) {
	t.Parallel()
	if runtime.GOOS != "linux" {
		t.Skip("/dev/full is Linux's")
	}
	l, _ := Open(envOf(map[string]string{EnvFile: "/dev/full"}))
	assert.Nil(t, l, "/dev/full is not a .jsonl file")
	// And were it named so: a device is refused before anything is
	// written.
	l = &Log{Path: "/dev/full", Rotated: "/dev/full.1", Max: MaxBytes}
	require.ErrorContains(t, l.Append(testRecord("a"), ""), "is a device, not a regular file")
}

func TestAppendIntoAnUnwritableDirectory(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	notDir := filepath.Join(dir, "file")
	require.NoError(t, os.WriteFile(notDir, nil, 0o600))
	l, _ := Open(envOf(map[string]string{EnvFile: filepath.Join(notDir, "decisions.jsonl")}))
	require.Error(t, l.Append(testRecord("a"), ""))
	// A state directory that is a file.
	home := t.TempDir()
	require.NoError(t, os.MkdirAll(filepath.Join(home, ".local", "state"), 0o700))
	require.NoError(t, os.WriteFile(filepath.Join(home, ".local", "state", "hookexec"), nil, 0o600))
	l, _ = Open(envOf(map[string]string{"HOME": home}))
	require.Error(t, l.Append(testRecord("a"), ""))
}

// TestConcurrentAppend: goroutines of this process and other processes
// append at once; every line parses and none is lost.
func TestConcurrentAppend(t *testing.T) {
	t.Parallel()
	const goroutines, processes, each = 8, 4, 50
	path := filepath.Join(t.TempDir(), "decisions.jsonl")
	runWriters(t, path, goroutines, processes, each, MaxBytes)
	recs := readLines(t, path)
	assert.Len(t, recs, (goroutines+processes)*each)
}

// TestConcurrentAppendWithRotation: with a small limit the writers rotate
// while others append; every line of both files parses, and the two files
// hold less than was written (older lines were rotated away). How far a
// file passes the limit depends on how long the rotating writer is kept
// off the processor while the others append, so that is only asserted for
// one writer (TestAppendKeepsTheLogBounded).
func TestConcurrentAppendWithRotation(t *testing.T) {
	t.Parallel()
	const goroutines, processes, each, limit = 4, 4, 100, 32 << 10
	path := filepath.Join(t.TempDir(), "decisions.jsonl")
	runWriters(t, path, goroutines, processes, each, limit)
	recs := readLines(t, path)
	rotated := readLines(t, RotatedPath(path))
	assert.NotEmpty(t, recs)
	assert.NotEmpty(t, rotated)
	assert.Less(t, len(recs)+len(rotated), (goroutines+processes)*each)
}

func runWriters(t *testing.T, path string, goroutines, processes, each int, limit int64) {
	t.Helper()
	var wg sync.WaitGroup
	errs := make(chan error, goroutines+processes)
	for g := range goroutines {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l := &Log{Path: path, Rotated: RotatedPath(path), Max: limit}
			for i := range each {
				if err := l.Append(testRecord(fmt.Sprintf("g%d-%d", g, i)), ""); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	for range processes {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(os.Environ(), fmt.Sprintf("%s=%s %d", appendHelperVar, path, each), fmt.Sprintf("%s_MAX=%d", appendHelperVar, limit))
		wg.Add(1)
		go func() {
			defer wg.Done()
			if out, err := cmd.CombinedOutput(); err != nil {
				errs <- fmt.Errorf("writer process: %w: %s", err, out)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
}
