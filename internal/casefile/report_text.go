package casefile

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/hookexec/hookexec/internal/termstyle"
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
// where no reader looks, plain text the model never sees).
// The error is the write's. s colours PASS green, FAIL red, where the
// case is dim and "warning:" yellow (termstyle.Style{}: plain).
func (r Run) WriteText(w io.Writer, s termstyle.Style) error {
	took := s.Dim("(" + caseDuration(r.Duration) + ")")
	text := fmt.Sprintf("%s %s %s\n", s.OK("PASS"), r.Case.Name, took)
	if !r.Passed() {
		text = fmt.Sprintf("%s %s %s\n", s.Fail("FAIL"), r.Case.Name, took) + indent(failureDetail(r, s), "    ")
	}
	if v := r.Result.Verdict; v != nil {
		for _, warn := range v.Quiet {
			text += "    " + s.Warn("warning:") + " " + warn + "\n"
		}
	}
	_, err := io.WriteString(w, text)
	return err
}

// failureDetail is the explanation of a failed case (also the text of its
// JUnit failure, with termstyle.Style{}); s dims where the case is and
// shows the mismatched fields in bold.
func failureDetail(r Run, s termstyle.Style) string {
	var b strings.Builder
	fmt.Fprintf(&b, "case: %s (%s)\n", s.Dim(r.Case.Pos.String()), r.Case.Event.Name)
	for _, m := range r.Mismatches {
		fmt.Fprintf(&b, "%s:\n    expected: %s\n    actual:   %s\n", s.Bold(m.Field), m.Expected, m.Actual)
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
			fmt.Fprintf(&b, "%s %s\n", s.Warn("config warning:"), warn)
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
	// A decision says why: the reason names the rule or pack check and
	// its file:line, and the simple command that matched.
	if o := h.Output; o != nil && o.Decision != "" && o.Reason != "" && o.Reason != strings.TrimSpace(h.Stderr) {
		parts = append(parts, o.Decision+": "+fmt.Sprintf("%q", clipDetail(o.Reason)))
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
// "interrupted" when the run was; the error is the write's. s colours it
// green when nothing failed, else red, and "interrupted" yellow.
func WriteSummary(w io.Writer, runs []Run, interrupted bool, s termstyle.Style) error {
	failed := Failed(runs)
	line := fmt.Sprintf("%d passed, %d failed", len(runs)-failed, failed)
	text := s.OK(line) + "\n"
	if failed > 0 || interrupted {
		text = s.Fail(line) + "\n"
	}
	if interrupted {
		text = s.Warn("interrupted") + "\n" + text
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
