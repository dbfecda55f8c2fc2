package trust

import (
	"strconv"
	"unicode"
)

// Printable returns s as it is when a terminal shows exactly those
// characters, else quoted with escapes (Go syntax). What `hookexec trust`
// shows is what the user decides on, so a file name or command holding
// control characters (ANSI escapes that move the cursor or erase a line),
// invisible format characters or bidirectional overrides (which reorder
// what is displayed) is shown escaped.
func Printable(s string) string {
	for _, r := range s {
		if r != ' ' && !unicode.IsPrint(r) {
			return strconv.Quote(s)
		}
	}
	return s
}
