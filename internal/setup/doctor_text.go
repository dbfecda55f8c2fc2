package setup

import (
	"fmt"
	"io"
	"strings"

	"github.com/hookexec/hookexec/internal/termstyle"
	"github.com/hookexec/hookexec/internal/trust"
)

// WriteText prints one line per check ("ok" or "FAIL", its name and
// detail), the fix under each failure, and a summary; s colours ok and
// a passing summary green, FAIL and a failing summary red, "fix:" bold
// (termstyle.Style{}: plain).
func (r *Report) WriteText(w io.Writer, s termstyle.Style) error {
	var b strings.Builder
	failed := 0
	for _, c := range r.Checks {
		mark := s.OK("ok") + "  "
		if !c.OK {
			mark = s.Fail("FAIL")
			failed++
		}
		// A detail quotes settings files, which a repository writes:
		// each line is shown as trust's review shows text (terminal
		// escapes escaped), so that a hostile one cannot rewrite the screen.
		lines := strings.Split(c.Detail, "\n")
		for i, l := range lines {
			lines[i] = trust.Printable(l)
		}
		fmt.Fprintf(&b, "%s %s: %s\n", mark, c.Name, strings.Join(lines, "\n       "))
		if !c.OK && c.Fix != "" {
			fmt.Fprintf(&b, "     %s %s\n", s.Bold("fix:"), trust.Printable(c.Fix))
		}
	}
	if failed == 0 {
		fmt.Fprintln(&b, s.OK(fmt.Sprintf("all %d checks passed", len(r.Checks))))
	} else {
		fmt.Fprintln(&b, s.Fail(fmt.Sprintf("%d of %d checks failed", failed, len(r.Checks))))
	}
	_, err := io.WriteString(w, b.String())
	return err
}
