package main

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/hookexec/hookexec/scripts/internal/machine"
)

// report is the soak's result.
type report struct {
	machine machine.Info
	phases  []phase
	total   time.Duration
}

func (r *report) add(p phase) {
	fmt.Printf("%s: %d problems (%s)\n", p.name, len(p.problems), p.wall.Round(time.Millisecond))
	r.phases = append(r.phases, p)
}

func (r *report) failures() []string {
	var out []string
	for _, p := range r.phases {
		for _, msg := range p.problems {
			out = append(out, p.name+": "+msg)
		}
	}
	return out
}

func (r *report) failed() bool { return len(r.failures()) > 0 }

// markdown is the report as docs/soak.md quotes it.
func (r *report) markdown() string {
	var b strings.Builder
	b.WriteString("# hookexec soak results\n\n```\n" + r.machine.Text() + "```\n\n")
	b.WriteString("| phase | fires | wall | per fire (median / p99 / max) | problems |\n|---|---|---|---|---|\n")
	for _, p := range r.phases {
		fmt.Fprintf(&b, "| %s | %d | %s | %s | %d |\n", p.name, p.fires, p.wall.Round(time.Millisecond), percentiles(p.durations), len(p.problems))
	}
	b.WriteString("\n")
	for _, p := range r.phases {
		for _, n := range p.notes {
			fmt.Fprintf(&b, "- %s: %s\n", p.name, n)
		}
		for _, msg := range p.problems {
			fmt.Fprintf(&b, "- **%s: %s**\n", p.name, msg)
		}
	}
	fmt.Fprintf(&b, "\nTotal: %s. Result: %s.\n", r.total.Round(time.Second), map[bool]string{true: "FAILED", false: "passed"}[r.failed()])
	return b.String()
}

// percentiles is "median / p99 / max" of ds, or "—".
func percentiles(ds []time.Duration) string {
	if len(ds) == 0 {
		return "—"
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	at := func(q float64) time.Duration { return s[min(len(s)-1, int(q*float64(len(s))))] }
	ms := func(d time.Duration) string { return fmt.Sprintf("%.1f ms", float64(d)/float64(time.Millisecond)) }
	return ms(at(0.5)) + " / " + ms(at(0.99)) + " / " + ms(s[len(s)-1])
}
