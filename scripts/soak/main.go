// Command soak runs hookexec many times in a row and many times at once,
// checks every verdict, and checks that nothing leaked (issue 10): no hook
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

	root, err := machine.ModuleRoot()
	check(err)
	dir, err := os.MkdirTemp("", "hookexec-soak-")
	check(err)
	defer os.RemoveAll(dir)
	fx, err := newFixture(root, dir)
	check(err)

	start := time.Now()
	var r report
	r.machine = machine.Describe()
	r.add(fx.fireSequential(*sequential))
	r.add(fx.fireConcurrent(*concurrent))
	r.add(fx.fireInProcess(*inProcess))
	r.add(fx.leftovers())
	r.total = time.Since(start)

	text := r.markdown()
	fmt.Print(text)
	outDir := filepath.Join(root, *out)
	check(os.MkdirAll(outDir, 0o755))
	check(os.WriteFile(filepath.Join(outDir, "results.md"), []byte(text), 0o644))
	if r.failed() {
		fmt.Fprintln(os.Stderr, "soak: FAILED:", strings.Join(r.failures(), "; "))
		os.Exit(1)
	}
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "soak:", err)
		os.Exit(1)
	}
}
