package main

import (
	"strings"
	"testing"
)

func TestServeHTTPTargets(t *testing.T) {
	out := "BenchmarkServeSpawnAlone-2   997   1000000 ns/op   1234 B/op\n" +
		"BenchmarkServeHTTPNoHook-2   6048   287482 ns/op\n" +
		"BenchmarkServeHTTPOneTrueHook-2   577   2000000 ns/op\n"
	got := serveHTTPTargets(out)
	for _, want := range []string{"no matching hook: 0.287 ms per event (target ≤ 0.3 ms): met", "one true hook: 2.000 ms, 2.00× the spawn alone (1.000 ms; target ≤ 1.1×): NOT met"} {
		if !strings.Contains(got, want) {
			t.Errorf("%q lacks %q", got, want)
		}
	}
	if serveHTTPTargets("BenchmarkMerge100-2 1 5 ns/op\n") != "" {
		t.Error("lines without the serve benchmarks")
	}
}
