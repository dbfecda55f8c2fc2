package setup

import (
	"fmt"
	"io"
	"strings"

	"github.com/hookexec/hookexec/internal/trust"
)

// WriteText prints one line per check ("ok" or "FAIL", its name and
// detail), the fix under each failure, and a summary.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	failed := 0
	for _, c := range r.Checks {
		mark := "ok  "
		if !c.OK {
			mark = "FAIL"
			failed++
		}
		// A detail quotes settings files, which a repository writes:
		// each line is shown as trust's review shows text (terminal
		// escapes escaped; issue 18 §1, low).
		lines := strings.Split(c.Detail, "\n")
		for i, l := range lines {
			lines[i] = trust.Printable(l)
		}
		fmt.Fprintf(&b, "%s %s: %s\n", mark, c.Name, strings.Join(lines, "\n       "))
		if !c.OK && c.Fix != "" {
			fmt.Fprintf(&b, "     fix: %s\n", trust.Printable(c.Fix))
		}
	}
	if failed == 0 {
		fmt.Fprintf(&b, "all %d checks passed\n", len(r.Checks))
	} else {
		fmt.Fprintf(&b, "%d of %d checks failed\n", failed, len(r.Checks))
	}
	_, err := io.WriteString(w, b.String())
	return err
}
