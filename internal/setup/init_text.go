package setup

import (
	"fmt"
	"io"
	"strings"

	"github.com/hookexec/hookexec/internal/dirs"
)

// WriteText prints one line per file init handled: its status, its path
// and a note in parentheses when it has one; the error is the write's.
func (r InitResult) WriteText(w io.Writer) error {
	var b strings.Builder
	for _, f := range r.Files {
		fmt.Fprintf(&b, "%-8s %s", f.Status, f.Path)
		if f.Note != "" {
			b.WriteString(" (" + f.Note + ")")
		}
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// AboveNote is the line init prints when a directory above the root holds
// a .hookexec/ too (dirs.ProjectAbove; getenv locates HOME): the new
// project takes over from it. "" when there is none.
func (r InitResult) AboveNote(getenv func(string) string) string {
	above, ok := dirs.ProjectAbove(r.Root, getenv)
	if !ok {
		return ""
	}
	return fmt.Sprintf("note: %s also has a %s/ directory; from %s down, hookexec now uses this project's instead", above, dirs.Name, r.Root)
}
