package main

import (
	"fmt"
	"strconv"
	"strings"
)

// serveHTTPTargets reads the lines of the serve --http benchmarks (issue
// 21) in the Go benchmarks' output and says whether they meet their
// targets: no matching hook at most 0.3 ms per event, and one `true` hook
// at most 1.1× the runner's spawn of it alone (BenchmarkServeSpawnAlone,
// same run). "" when the lines are not there.
func serveHTTPTargets(out string) string {
	ns := map[string]float64{}
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) < 4 || !strings.HasPrefix(f[0], "BenchmarkServe") {
			continue
		}
		name, _, _ := strings.Cut(f[0], "-")
		for i := 1; i < len(f); i++ {
			if f[i] == "ns/op" {
				if v, err := strconv.ParseFloat(f[i-1], 64); err == nil {
					ns[strings.TrimPrefix(name, "Benchmark")] = v
				}
			}
		}
	}
	var lines []string
	if v, ok := ns["ServeHTTPNoHook"]; ok {
		lines = append(lines, fmt.Sprintf("serve --http, no matching hook: %.3f ms per event (target ≤ 0.3 ms): %s", v/1e6, metIf(v <= 0.3e6)))
	}
	one, ok1 := ns["ServeHTTPOneTrueHook"]
	alone, ok2 := ns["ServeSpawnAlone"]
	if ok1 && ok2 && alone > 0 {
		r := one / alone
		lines = append(lines, fmt.Sprintf("serve --http, one true hook: %.3f ms, %.2f× the spawn alone (%.3f ms; target ≤ 1.1×): %s", one/1e6, r, alone/1e6, metIf(r <= 1.1)))
	}
	return strings.Join(lines, "\n")
}

func metIf(ok bool) string {
	if ok {
		return "met"
	}
	return "NOT met"
}
