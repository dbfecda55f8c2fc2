package main

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/hookexec/hookexec/internal/casefile"
	"github.com/hookexec/hookexec/internal/verdict"
)

// writeCaseText prints "PASS name (12ms)", or "FAIL name (12ms)" followed by
// where the case is, expected vs actual per field, and what each hook did.
func writeCaseText(w io.Writer, r caseRun) {
	if r.passed() {
		fmt.Fprintf(w, "PASS %s (%s)\n", r.c.Name, caseDuration(r.duration))
		return
	}
	fmt.Fprintf(w, "FAIL %s (%s)\n", r.c.Name, caseDuration(r.duration))
	fmt.Fprint(w, indent(failureDetail(r), "    "))
}

// failureDetail is the explanation of a failed case (also the text of its
// JUnit failure).
func failureDetail(r caseRun) string {
	var b strings.Builder
	fmt.Fprintf(&b, "case: %s (%s)\n", r.c.Pos, r.c.Event.Name)
	for _, m := range r.mismatches {
		fmt.Fprintf(&b, "%s:\n    expected: %s\n    actual:   %s\n", m.Field, m.Expected, m.Actual)
	}
	if v := r.res.Verdict; v != nil {
		if len(v.Hooks) == 0 {
			b.WriteString("hooks: none matched\n")
		} else {
			b.WriteString("hooks:\n")
			for i, h := range v.Hooks {
				fmt.Fprintf(&b, "    %d. %s\n", i+1, hookSummary(h))
			}
		}
		for _, warn := range v.Warnings {
			fmt.Fprintf(&b, "config warning: %s\n", warn)
		}
	}
	return b.String()
}

// hookSummary is one line about a hook: name, outcome, exit code or
// signal, duration, error and the start of its stderr.
func hookSummary(h verdict.HookReport) string {
	parts := []string{h.Name, string(h.Outcome)}
	switch {
	case h.ExitCode != nil:
		parts = append(parts, fmt.Sprintf("exit %d", *h.ExitCode))
	case h.Signal != "":
		parts = append(parts, h.Signal)
	}
	parts = append(parts, fmt.Sprintf("%.1fms", h.DurationMs))
	if h.Error != "" {
		parts = append(parts, "error: "+clipDetail(h.Error))
	}
	if s := strings.TrimSpace(h.Stderr); s != "" {
		parts = append(parts, "stderr: "+fmt.Sprintf("%q", clipDetail(s)))
	}
	return strings.Join(parts, ", ")
}

// clipDetail shortens s to a readable length.
func clipDetail(s string) string {
	const limit = 300
	if r := []rune(s); len(r) > limit {
		return string(r[:limit]) + "…"
	}
	return s
}

func indent(s, prefix string) string {
	lines := strings.SplitAfter(s, "\n")
	var b strings.Builder
	for _, l := range lines {
		if l != "" {
			b.WriteString(prefix + l)
		}
	}
	return b.String()
}

// writeSummaryText prints the closing line "N passed, M failed".
func writeSummaryText(w io.Writer, runs []caseRun, interrupted bool) {
	if interrupted {
		fmt.Fprintln(w, "interrupted")
	}
	failed := failedCount(runs)
	fmt.Fprintf(w, "%d passed, %d failed\n", len(runs)-failed, failed)
}

func caseDuration(d time.Duration) string {
	if d < time.Second {
		return fmt.Sprintf("%dms", d.Milliseconds())
	}
	return fmt.Sprintf("%.2fs", d.Seconds())
}

// The --format json report.
type (
	testReport struct {
		Cases      []caseReport `json:"cases"`
		Passed     int          `json:"passed"`
		Failed     int          `json:"failed"`
		DurationMs float64      `json:"durationMs"`
	}
	caseReport struct {
		Name       string           `json:"name"`
		File       string           `json:"file"`
		Line       int              `json:"line"`
		Column     int              `json:"column"`
		Event      string           `json:"event"`
		Passed     bool             `json:"passed"`
		DurationMs float64          `json:"durationMs"`
		ExitCode   int              `json:"exitCode"`
		Failures   []mismatchReport `json:"failures"`
		Error      string           `json:"error,omitempty"`
		Verdict    *verdict.Verdict `json:"verdict,omitempty"`
	}
	mismatchReport struct {
		Field    string `json:"field"`
		Expected string `json:"expected"`
		Actual   string `json:"actual"`
	}
)

func jsonReport(runs []caseRun, total time.Duration) testReport {
	rep := testReport{Cases: []caseReport{}, DurationMs: float64(total.Microseconds()) / 1000}
	for _, r := range runs {
		cr := caseReport{
			Name: r.c.Name, File: r.c.Pos.File, Line: r.c.Pos.Line, Column: r.c.Pos.Col, Event: r.c.Event.Name,
			Passed: r.passed(), DurationMs: float64(r.duration.Microseconds()) / 1000, ExitCode: r.res.ExitCode(),
			Failures: mismatchReports(r.mismatches), Verdict: r.res.Verdict,
		}
		if r.res.Err != nil {
			cr.Error = r.res.Err.Error()
		}
		rep.Cases = append(rep.Cases, cr)
		if cr.Passed {
			rep.Passed++
		} else {
			rep.Failed++
		}
	}
	return rep
}

func mismatchReports(ms []casefile.Mismatch) []mismatchReport {
	out := make([]mismatchReport, len(ms))
	for i, m := range ms {
		out[i] = mismatchReport{Field: m.Field, Expected: m.Expected, Actual: m.Actual}
	}
	return out
}
