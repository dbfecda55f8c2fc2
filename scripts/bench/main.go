// Command bench is hookexec's benchmark harness (`make bench`). It builds
// hookexec and the baselines under scripts/bench/baseline into a temporary
// directory, writes the fixtures (configs, events), and for every scenario
// runs hookexec and its baseline alternately (after a warm-up), printing the
// median wall times, their ratio and the peak RSS against the targets of
// docs/benchmarks.md. It then times hookexec and the minimal spawner for 1 to
// 100 parallel hooks and draws the result as an SVG chart, and runs the Go
// benchmarks of the hot paths.
//
//	go run ./scripts/bench [-runs-scale 0.5] [-only REGEXP] [-out DIR] [-gobench=false] [-chart=false]
//
// Timings are wall-clock times of the whole process as the harness sees it
// (fork/exec included for both sides). Peak RSS is ru_maxrss from wait4: the
// largest of the process and the children it waited for.
package main

import (
	"flag"
	"fmt"
	"github.com/hookexec/hookexec/scripts/internal/machine"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// options are the harness's command-line settings.
type options struct {
	ldflags   string
	runsScale float64
	only      *regexp.Regexp
	out       string
	svg       string
	gobench   bool
	benchtime string
	chart     bool
	keep      bool
	binary    string
	against   string
}

func main() {
	if len(os.Args) > 2 && os.Args[1] == helperFlag {
		os.Exit(rusageHelper(os.Args[2], os.Args[3:]))
	}
	var o options
	var only string
	flag.StringVar(&o.ldflags, "ldflags", "-s -w -X main.version=bench", "ldflags for building hookexec (make bench passes the Makefile's)")
	flag.Float64Var(&o.runsScale, "runs-scale", 1, "multiply every run count by this (at least 3 runs are kept)")
	flag.StringVar(&only, "only", "", "run only the scenarios whose id matches this regular expression (version, linked, one-true, audit, no-match, rules-only, rules-vs-starter, agent-1, agent-10, trusted-project, sleep-100, dispatcher, event-10mib, event-60mb, output-1gib, output-1gib-nul, flood-100)")
	flag.StringVar(&o.out, "out", "bin/bench", "directory for results.md and the chart (relative to the module root)")
	flag.StringVar(&o.svg, "svg", "", "write the chart here instead of OUT/scaling.svg")
	flag.BoolVar(&o.gobench, "gobench", true, "run the Go benchmarks of the hot paths")
	flag.StringVar(&o.benchtime, "benchtime", "300ms", "-benchtime for the Go benchmarks")
	flag.BoolVar(&o.chart, "chart", true, "measure 1..100 parallel hooks and draw the chart")
	flag.BoolVar(&o.keep, "keep", false, "keep the temporary directory (binaries, fixtures)")
	flag.StringVar(&o.binary, "hookexec", "", "measure this hookexec binary instead of building one (to compare variants)")
	flag.StringVar(&o.against, "against", "", "use this other hookexec binary as every scenario's baseline (before/after comparisons)")
	flag.Parse()
	if only != "" {
		re, err := regexp.Compile(only)
		if err != nil {
			fatalf("bad -only: %v", err)
		}
		o.only = re
	}
	if err := run(o); err != nil {
		fatalf("%v", err)
	}
}

func fatalf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "bench: "+format+"\n", args...)
	os.Exit(1)
}

func run(o options) error {
	root, err := machine.ModuleRoot()
	if err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "hookexec-bench-")
	if err != nil {
		return err
	}
	if o.keep {
		fmt.Printf("temporary directory (kept): %s\n", tmp)
	} else {
		defer func() { _ = os.RemoveAll(tmp) }()
	}

	// Every fire appends to the decision log (docs/audit.md): the
	// harness's go to its temporary directory, not to the user's log.
	if err := os.Setenv("XDG_STATE_HOME", filepath.Join(tmp, "state")); err != nil {
		return err
	}

	m := machine.Describe()
	fmt.Print(m.Text())
	fmt.Printf("peak RSS measured with %s\n\n", rssWrapper())

	fmt.Println("building hookexec and the baselines ...")
	bins, err := buildAll(root, tmp, o.ldflags, o.binary)
	if err != nil {
		return err
	}
	fx, err := writeFixtures(filepath.Join(tmp, "fixtures"))
	if err != nil {
		return err
	}

	report := &strings.Builder{}
	report.WriteString("# hookexec benchmark results\n\n```\n" + m.Text() + "```\n\nPeak RSS measured with " + rssWrapper() + ".\n\n")

	var rows []rowResult
	for _, sc := range scenarios(bins, fx, o) {
		if o.only != nil && !o.only.MatchString(sc.id) {
			continue
		}
		r := measureScenario(sc)
		rows = append(rows, r)
	}
	fmt.Println()
	table := renderTable(rows)
	fmt.Print(table)
	report.WriteString("## Scenarios\n\n" + table + "\n")

	if o.chart && o.only == nil {
		svgPath := o.svg
		if svgPath == "" {
			svgPath = filepath.Join(root, o.out, "scaling.svg")
		} else if !filepath.IsAbs(svgPath) {
			svgPath = filepath.Join(root, svgPath)
		}
		points := measureScaling(bins, fx, o)
		report.WriteString("## Parallel hooks\n\n" + renderScaling(points) + "\n")
		if err := writeSVG(svgPath, points, m); err != nil {
			return err
		}
		fmt.Printf("\nchart written to %s\n", svgPath)
	}

	if o.gobench {
		out, err := runGoBenchmarks(root, o.benchtime)
		if err != nil {
			return err
		}
		report.WriteString("## Go benchmarks\n\n```\n" + out + "```\n")
	}

	end := "load average at the end: " + machine.LoadAverage() + "\n"
	fmt.Print("\n" + end)
	report.WriteString("\n" + end)

	resultsPath := filepath.Join(root, o.out, "results.md")
	if err := os.MkdirAll(filepath.Dir(resultsPath), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(resultsPath, []byte(report.String()), 0o644); err != nil {
		return err
	}
	fmt.Printf("\nresults written to %s\n", resultsPath)
	return nil
}

// scaled applies -runs-scale to a run count.
func (o options) scaled(n int) int {
	return max(3, int(float64(n)*o.runsScale+0.5))
}
