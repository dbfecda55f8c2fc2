package casefile

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/hookexec/hookexec/internal/verdict"
)

// Run is one case and what came of firing it.
type Run struct {
	Case       Case
	Result     Result
	Mismatches []Mismatch
	Duration   time.Duration
}

// Passed reports whether every expectation of the case held.
func (r Run) Passed() bool { return len(r.Mismatches) == 0 }

// Failed counts the runs that did not pass.
func Failed(runs []Run) int {
	n := 0
	for _, r := range runs {
		if !r.Passed() {
			n++
		}
	}
	return n
}

// WriteText prints "PASS name (12ms)", or "FAIL name (12ms)" followed by
// where the case is, expected vs actual per field, and what each hook did;
// then, passed or not, the warnings about the hooks' answers (a field
// where no reader looks, plain text the model never sees: issue 22 §3).
// The error is the write's.
func (r Run) WriteText(w io.Writer) error {
	text := fmt.Sprintf("PASS %s (%s)\n", r.Case.Name, caseDuration(r.Duration))
	if !r.Passed() {
		text = fmt.Sprintf("FAIL %s (%s)\n", r.Case.Name, caseDuration(r.Duration)) + indent(failureDetail(r), "    ")
	}
	if v := r.Result.Verdict; v != nil {
		for _, warn := range v.Quiet {
			text += "    warning: " + warn + "\n"
		}
	}
	_, err := io.WriteString(w, text)
	return err
}

// failureDetail is the explanation of a failed case (also the text of its
// JUnit failure).
func failureDetail(r Run) string {
	var b strings.Builder
	fmt.Fprintf(&b, "case: %s (%s)\n", r.Case.Pos, r.Case.Event.Name)
	for _, m := range r.Mismatches {
		fmt.Fprintf(&b, "%s:\n    expected: %s\n    actual:   %s\n", m.Field, m.Expected, m.Actual)
	}
	if v := r.Result.Verdict; v != nil {
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

// WriteSummary prints the closing line "N passed, M failed", after
// "interrupted" when the run was; the error is the write's.
func WriteSummary(w io.Writer, runs []Run, interrupted bool) error {
	failed := Failed(runs)
	text := fmt.Sprintf("%d passed, %d failed\n", len(runs)-failed, failed)
	if interrupted {
		text = "interrupted\n" + text
	}
	_, err := io.WriteString(w, text)
	return err
}

func caseDuration(d time.Duration) string {
	if d < time.Second {
		return fmt.Sprintf("%dms", d.Milliseconds())
	}
	return fmt.Sprintf("%.2fs", d.Seconds())
}
