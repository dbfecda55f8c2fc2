package main

import (
	"fmt"
	"strings"
	"time"
)

// hookCounts are the x values of the chart.
var hookCounts = []int{1, 10, 25, 50, 100}

// scalingSeries is one panel of the chart: a hook command run by N parallel
// hooks, hookexec against the spawner.
type scalingSeries struct {
	command        string
	counts         []int
	hookexec, base []time.Duration // medians, one per count
}

// measureScaling times hookexec and the minimal spawner for 1..100 parallel
// hooks of `true` and of `sleep 0.2`.
func measureScaling(bins binaries, fx fixtures, o options) []scalingSeries {
	fmt.Println("\nparallel hooks: hookexec vs the minimal spawner")
	var out []scalingSeries
	for _, p := range []struct {
		command      string
		warmup, runs int
	}{{"true", 2, o.scaled(9)}, {"sleep 0.2", 1, o.scaled(5)}} {
		s := scalingSeries{command: p.command}
		for _, n := range hookCounts {
			cmds := commands(p.command, n)
			name := fmt.Sprintf("scale-%s-%d.json", strings.ReplaceAll(p.command, " ", "-"), n)
			cfg := fx.parallelConfig(name, cmds)
			a := command{argv: []string{bins.hookexec, "fire", "BeforeTool", "--config", cfg}, stdin: fx.smallEvent}
			b := command{argv: append([]string{bins.spawner}, cmds...), stdin: fx.smallEvent}
			sa, sb, err := alternate(fx.dir, &a, &b, p.warmup, p.runs, 0, verdictCheck(n, nil))
			if err != nil {
				fmt.Printf("  %3d × %-9s error: %v\n", n, p.command, err)
				continue
			}
			s.counts = append(s.counts, n)
			s.hookexec = append(s.hookexec, sa.medianWall())
			s.base = append(s.base, sb.medianWall())
			fmt.Printf("  %3d × %-9s hookexec %9s  spawner %9s  ratio %.2f×\n", n, p.command,
				ms(sa.medianWall()), ms(sb.medianWall()), float64(sa.medianWall())/float64(sb.medianWall()))
		}
		out = append(out, s)
	}
	return out
}

func renderScaling(series []scalingSeries) string {
	var b strings.Builder
	b.WriteString("| hooks | command | hookexec (median) | spawner (median) | ratio |\n|---|---|---|---|---|\n")
	for _, s := range series {
		for i, n := range s.counts {
			fmt.Fprintf(&b, "| %d | `%s` | %s | %s | %.2f× |\n", n, s.command, ms(s.hookexec[i]), ms(s.base[i]),
				float64(s.hookexec[i])/float64(s.base[i]))
		}
	}
	return b.String()
}
