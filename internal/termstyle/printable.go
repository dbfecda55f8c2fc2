package termstyle

import (
	"strconv"
	"strings"
	"unicode"
)

// Printable returns s as it is when a terminal shows exactly those
// characters, else quoted with escapes (Go syntax). A name that hookexec
// shows a person or an agent (a file, a directory, a command) and that
// holds control characters (a newline that starts a line of its own, ANSI
// escapes that move the cursor or erase a line), invisible format
// characters or bidirectional overrides (which reorder what is displayed)
// is shown escaped and quoted, so it cannot pass for hookexec's own text.
func Printable(s string) string {
	if printable(s) {
		return s
	}
	return strconv.Quote(s)
}

// Inline returns s with each character that Printable would escape
// replaced by its escape (Go syntax, without quotes), the rest unchanged:
// for a whole line of hookexec's text (a warning, a reason) that embeds
// names, so that it stays one line whatever the names hold.
func Inline(s string) string {
	if printable(s) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if r == ' ' || unicode.IsPrint(r) {
			b.WriteRune(r)
			continue
		}
		q := strconv.QuoteRune(r)
		b.WriteString(q[1 : len(q)-1])
	}
	return b.String()
}

func printable(s string) bool {
	for _, r := range s {
		if r != ' ' && !unicode.IsPrint(r) {
			return false
		}
	}
	return true
}
