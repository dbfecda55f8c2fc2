package setup

import (
	"fmt"
	"io"

	"github.com/hookexec/hookexec/internal/dirs"
)

// WriteText prints one line per file init handled: its status, its path
// and a note in parentheses when it has one.
func (r InitResult) WriteText(w io.Writer) {
	for _, f := range r.Files {
		line := fmt.Sprintf("%-8s %s", f.Status, f.Path)
		if f.Note != "" {
			line += " (" + f.Note + ")"
		}
		fmt.Fprintln(w, line)
	}
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
