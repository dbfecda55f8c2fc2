package main

import (
	"encoding/json"
	"fmt"
	"github.com/hookexec/hookexec/scripts/internal/machine"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// binaries are the programs the scenarios run.
type binaries struct {
	hookexec  string
	spawner   string
	printjson string
	// linked prints {} too, and links every package hookexec links: its
	// start is the runtime's and those packages' initializers, nothing
	// of hookexec's own (linkedBaseline).
	linked string
	// dispatch is the bash + jq dispatcher; "" when jq is missing.
	dispatch string
	// noDispatch says why there is no dispatcher.
	noDispatch string
}

// buildAll builds hookexec (with -trimpath and ldflags, as the Makefile's
// build does; the environment, CGO_ENABLED included, passes through) and the
// Go baselines into dir. A non-empty prebuilt is used instead of building
// hookexec.
func buildAll(root, dir, ldflags, prebuilt string) (binaries, error) {
	b := binaries{
		hookexec:  filepath.Join(dir, "hookexec"),
		spawner:   filepath.Join(dir, "spawner"),
		printjson: filepath.Join(dir, "printjson"),
	}
	builds := []struct{ out, pkg, ldflags string }{
		{b.hookexec, "./cmd/hookexec", ldflags},
		{b.spawner, "./scripts/bench/baseline/spawner", "-s -w"},
		{b.printjson, "./scripts/bench/baseline/printjson", "-s -w"},
	}
	if prebuilt != "" {
		abs, err := filepath.Abs(prebuilt)
		if err != nil {
			return b, err
		}
		b.hookexec = abs
		builds = builds[1:]
	}
	for _, bd := range builds {
		if err := goBuild(root, bd.out, bd.pkg, bd.ldflags); err != nil {
			return b, err
		}
	}
	linked, err := linkedBaseline(root, dir)
	if err != nil {
		return b, err
	}
	b.linked = linked
	if _, err := exec.LookPath("jq"); err != nil {
		b.noDispatch = "jq is not installed: the dispatcher row is skipped"
	} else {
		b.dispatch = filepath.Join(root, "scripts", "bench", "baseline", "dispatch.sh")
	}
	return b, nil
}

func goBuild(root, out, pkg, ldflags string, extra ...string) error {
	args := append([]string{"build", "-trimpath", "-ldflags", ldflags, "-o", out}, extra...)
	cmd := exec.Command(machine.GoTool(), append(args, pkg)...)
	cmd.Dir = root
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go build %s: %w", pkg, err)
	}
	return nil
}

// linkedBaseline builds, into dir, a program that prints {} and imports
// (blank) every package cmd/hookexec imports, so that it links, and
// initializes, what hookexec does. The source is generated from `go list`
// of the tree and placed in the module with -overlay (it must be inside
// the module to import internal packages), so nothing is written there.
func linkedBaseline(root, dir string) (string, error) {
	list := exec.Command(machine.GoTool(), "list", "-f", "{{join .Imports \"\\n\"}}", "./cmd/hookexec")
	list.Dir = root
	out, err := list.Output()
	if err != nil {
		return "", fmt.Errorf("go list ./cmd/hookexec: %w", err)
	}
	src := "package main\n\nimport (\n\t\"os\"\n"
	for _, p := range strings.Fields(string(out)) {
		if p != "os" {
			src += "\t_ " + strconv.Quote(p) + "\n"
		}
	}
	src += ")\n\nfunc main() { _, _ = os.Stdout.WriteString(\"{}\\n\") }\n"
	main := filepath.Join(dir, "linked.go")
	if err := os.WriteFile(main, []byte(src), 0o644); err != nil {
		return "", err
	}
	overlay, err := json.Marshal(map[string]map[string]string{"Replace": {filepath.Join(root, linkedPkg, "main.go"): main}})
	if err != nil {
		return "", err
	}
	overlayFile := filepath.Join(dir, "linked-overlay.json")
	if err := os.WriteFile(overlayFile, overlay, 0o644); err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "linked")
	return bin, goBuild(root, bin, "./"+linkedPkg, "-s -w", "-overlay", overlayFile)
}

// linkedPkg is where linkedBaseline's program seems to be: a directory
// that does not exist in the tree.
const linkedPkg = "scripts/bench/baseline/linked"

// runGoBenchmarks runs the hot-path Go benchmarks, streams their output and
// returns it.
func runGoBenchmarks(root, benchtime string) (string, error) {
	fmt.Printf("\nGo benchmarks (-benchtime %s):\n", benchtime)
	args := []string{"test", "-run", "^$", "-bench", "^(BenchmarkLoad1000Hooks|BenchmarkBuild1000Hooks|BenchmarkMerge100|BenchmarkPrepare10MiBFor20Hooks|BenchmarkRunAllFlood|BenchmarkServe.*)$",
		"-benchmem", "-benchtime", benchtime, "-count", "1",
		"./internal/registry", "./internal/planner", "./internal/aggregator", "./internal/engine", "./internal/runner", "./internal/server"}
	cmd := exec.Command(machine.GoTool(), args...)
	cmd.Dir = root
	var buf strings.Builder
	cmd.Stdout = teeWriter{&buf, os.Stdout}
	cmd.Stderr = teeWriter{&buf, os.Stderr}
	if err := cmd.Run(); err != nil {
		return buf.String(), fmt.Errorf("go test -bench: %w", err)
	}
	out := buf.String()
	if line := serializations(out); line != "" {
		fmt.Println(line)
		out += line + "\n"
	}
	if lines := serveHTTPTargets(out); lines != "" {
		fmt.Println(lines)
		out += lines + "\n"
	}
	return out, nil
}

// serializations reads BenchmarkPrepare10MiBFor20Hooks's line and says how
// many times the event was serialized per prepare: bytes allocated per op
// divided by the event size (bytes processed per op = MB/s × ns/op). The
// benchmark's 20 hooks are registered under 2 event keys, so the target is
// 2 (once per distinct hook_event_name), not 20.
func serializations(out string) string {
	for _, line := range strings.Split(out, "\n") {
		if !strings.HasPrefix(line, "BenchmarkPrepare10MiBFor20Hooks") {
			continue
		}
		var nsOp, mbS, bOp float64
		f := strings.Fields(line)
		for i := 1; i < len(f); i++ {
			v, err := strconv.ParseFloat(f[i-1], 64)
			if err != nil {
				continue
			}
			switch f[i] {
			case "ns/op":
				nsOp = v
			case "MB/s":
				mbS = v
			case "B/op":
				bOp = v
			}
		}
		size := mbS * 1e6 * nsOp / 1e9
		if size <= 0 {
			return ""
		}
		n := bOp / size
		verdict := "met: once per distinct hook_event_name (2 keys, 20 hooks)"
		if n > 2.5 {
			verdict = "NOT met: more than once per distinct hook_event_name (2 keys, 20 hooks)"
		}
		return fmt.Sprintf("10 MiB event serialized %.2f times per prepare (B/op ÷ event size): %s", n, verdict)
	}
	return ""
}

type teeWriter struct {
	a *strings.Builder
	b *os.File
}

func (t teeWriter) Write(p []byte) (int, error) {
	t.a.Write(p)
	return t.b.Write(p)
}
