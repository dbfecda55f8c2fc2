package trust

import "github.com/hookexec/hookexec/internal/termstyle"

// Printable is termstyle.Printable: what `hookexec trust` shows is what the
// user decides on, so a name with characters a terminal would not show as
// they are is shown escaped and quoted.
func Printable(s string) string { return termstyle.Printable(s) }
