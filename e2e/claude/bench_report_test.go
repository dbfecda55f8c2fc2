//go:build e2e

package claude

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/e2e/harness"
)

// writeBench writes the bench's table: each way's median time per tool
// call with its interquartile range, what it adds to a call without hooks,
// and the two targets against the medians of this run.
func writeBench(t *testing.T, env e2eEnv, path string, ways []benchWay, samples map[string][]time.Duration, calls, rounds int, took time.Duration) {
	t.Helper()
	q := map[string]harness.Quartiles{}
	for _, w := range ways {
		q[w.name] = harness.Quartile(samples[w.name])
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Run %s, load average %s, %s, %s; %d rounds of one session per way, %d Bash `true` calls per session, the ways alternating; %s in all. A call is the time from the fake model API's tool_use answer to Claude's next request, which carries the tool's result.\n\n",
		time.Now().UTC().Format("2006-01-02T15:04Z"), loadAverage(), commandLine(t, env.claude, "--version"),
		commandLine(t, env.bin, "version"), rounds, calls, took.Round(time.Second))
	b.WriteString("| way | calls | median per call | IQR | added per call (median − no hooks) |\n|---|---|---|---|---|\n")
	for _, w := range ways {
		added := "—"
		if w.name != "none" {
			added = ms(q[w.name].Median - q["none"].Median)
		}
		fmt.Fprintf(&b, "| %s | %d | %s | %s–%s | %s |\n", w.label, len(samples[w.name]), ms(q[w.name].Median), ms(q[w.name].Q1), ms(q[w.name].Q3), added)
	}
	if len(samples["none"]) == 0 || len(samples["claude"]) == 0 || len(samples["fire"]) == 0 || len(samples["serve"]) == 0 {
		b.WriteString("\nNot every way ran: no targets.\n")
		require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))
		return
	}
	serveOver := q["serve"].Median - q["claude"].Median
	fireOver := q["fire"].Median - q["serve"].Median
	fmt.Fprintf(&b, "\nTargets (issue 21), on this run's medians: through `serve --http` ≤ Claude running the policy itself + 1 ms: %s (%s); through `serve --http` ≥ 5 ms cheaper than through `fire`: %s (%s cheaper).\n",
		met(serveOver <= time.Millisecond), signed(serveOver), met(fireOver >= 5*time.Millisecond), ms(fireOver))
	if len(samples["pack"]) > 0 && len(samples["starter"]) > 0 {
		packOver, starterOver := q["pack"].Median-q["none"].Median, q["starter"].Median-q["none"].Median
		fmt.Fprintf(&b, "\nThe guard of a new project, on this run's medians: `hookexec:default` through `hookexec fire` adds %s per call, the starter policy script run by Claude itself %s (%s).\n",
			ms(packOver), ms(starterOver), ratio(packOver, starterOver))
	}
	b.WriteString("\nA short run on a loaded machine (CI's) says little: when the interquartile ranges above overlap, the spreads swamp these differences. docs/benchmarks.md (\"Inside Claude Code\") has longer runs on a quiet machine, where the first target is not met.\n")
	require.NoError(t, os.WriteFile(path, []byte(b.String()), 0o644))
	t.Log("\n" + b.String())
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond)) }

// ratio is a/b as "0.42×", or "no ratio" when b is not positive.
func ratio(a, b time.Duration) string {
	if b <= 0 {
		return "no ratio"
	}
	return fmt.Sprintf("%.2f× the starter's", float64(a)/float64(b))
}

func signed(d time.Duration) string {
	if d >= 0 {
		return "+" + ms(d)
	}
	return ms(d)
}

func met(ok bool) string {
	if ok {
		return "met"
	}
	return "not met"
}

// loadAverage is the machine's 1, 5 and 15 minute load averages.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

// commandLine is the first line a program prints for args.
func commandLine(t *testing.T, program string, args ...string) string {
	t.Helper()
	out, err := exec.Command(program, args...).Output()
	require.NoError(t, err, "%s %s", program, strings.Join(args, " "))
	line, _, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
	return line
}
