package setup

import (
	"fmt"
	"io"
	"strings"
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
		detail := strings.ReplaceAll(c.Detail, "\n", "\n       ")
		fmt.Fprintf(&b, "%s %s: %s\n", mark, c.Name, detail)
		if !c.OK && c.Fix != "" {
			fmt.Fprintf(&b, "     fix: %s\n", c.Fix)
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
