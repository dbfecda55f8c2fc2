// Command soak runs hookexec many times in a row and many times at once,
// checks every verdict, and checks that nothing leaked: no hook
// process left running, no zombie, and, for a program embedding hookexec's
// engine, no file descriptor, thread or goroutine more at the end than
// after the first runs. It is `make soak`, not part of `make test`.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/hookexec/hookexec/scripts/internal/machine"
)

func main() {
	sequential := flag.Int("fires", 10000, "fires of the hookexec binary, one after another")
	concurrent := flag.Int("concurrent", 200, "fires of the hookexec binary at once")
	inProcess := flag.Int("in-process", 10000, "fires through the engine inside this process, one after another")
	out := flag.String("out", "bin/soak", "directory for results.md (relative to the module root)")
	flag.Parse()
	if err := soak(*sequential, *concurrent, *inProcess, *out); err != nil {
		fmt.Fprintln(os.Stderr, "soak:", err)
		os.Exit(1)
	}
}

// soak runs the three soaks, writes results.md into out and fails when a
// check did. Its temporary directory is removed on every return.
func soak(sequential, concurrent, inProcess int, out string) error {
	root, err := machine.ModuleRoot()
	if err != nil {
		return err
	}
	dir, err := os.MkdirTemp("", "hookexec-soak-")
	if err != nil {
		return err
	}
	defer func() { _ = os.RemoveAll(dir) }()
	fx, err := newFixture(root, dir)
	if err != nil {
		return err
	}

	start := time.Now()
	var r report
	r.machine = machine.Describe()
	r.add(fx.fireSequential(sequential))
	r.add(fx.fireConcurrent(concurrent))
	r.add(fx.fireInProcess(inProcess))
	r.add(fx.leftovers())
	r.total = time.Since(start)

	text := r.markdown()
	fmt.Print(text)
	outDir := filepath.Join(root, out)
	if err := os.MkdirAll(outDir, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(outDir, "results.md"), []byte(text), 0o644); err != nil {
		return err
	}
	if r.failed() {
		return fmt.Errorf("FAILED: %s", strings.Join(r.failures(), "; "))
	}
	return nil
}
