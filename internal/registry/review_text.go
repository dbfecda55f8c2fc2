package registry

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/hookexec/hookexec/internal/termstyle"
	"github.com/hookexec/hookexec/internal/trust"
)

// WriteText writes the review as `hookexec trust` shows it: the project
// root, every pinned file with its short pin (a file outside .hookexec/ is
// marked as named by a hook), every hook command and the warnings; the
// error is the write's. s colours it: headings in bold, a refused file in
// red, warnings in yellow (termstyle.Style{}: plain).
func (r *Review) WriteText(w io.Writer, s termstyle.Style) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s\n", s.Bold("project"), s.Bold(trust.Printable(r.Root)))
	fmt.Fprintln(&b, s.Bold("files:"))
	for _, p := range r.Paths() {
		pin := s.Dim(trust.Printable(trust.ShortPin(r.Pins[p])))
		if why := trust.Refusal(r.Pins[p]); why != "" {
			pin = s.Fail(trust.Printable("refused: " + why))
		}
		line := "  " + trust.Printable(p) + "  " + pin
		var notes []string
		if !trust.InDir(p) {
			notes = append(notes, "named by a hook")
		}
		if trust.CopiesSupported && slices.Contains(r.Exec, p) && strings.HasPrefix(r.Pins[p], "sha256:") {
			notes = append(notes, "runs from a trusted copy")
		}
		if len(notes) > 0 {
			line += "  (" + strings.Join(notes, "; ") + ")"
		}
		fmt.Fprintln(&b, line)
	}
	fmt.Fprintln(&b, s.Bold("hooks:"))
	if len(r.Commands) == 0 {
		fmt.Fprintln(&b, "  (none)")
	}
	for _, c := range r.Commands {
		fmt.Fprintf(&b, "  %s\n", c)
	}
	if len(r.Unpinned) > 0 {
		fmt.Fprintln(&b, s.Bold("not pinned")+" (what these hooks run beyond the files above; a change to it keeps the trust):")
		for _, u := range r.Unpinned {
			fmt.Fprintf(&b, "  %s\n", u)
		}
	}
	if len(r.Warnings) > 0 {
		fmt.Fprintln(&b, s.Warn("warnings:"))
		for _, d := range r.Warnings {
			fmt.Fprintf(&b, "  %s\n", d.Styled(s, trust.Printable))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
