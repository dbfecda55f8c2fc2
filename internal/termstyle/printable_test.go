package termstyle

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestPrintableAndInline: a name with a control character, a format
// character or a bidirectional override is escaped (quoted by Printable,
// in place by Inline); ordinary text, spaces and non-ASCII letters are
// kept; either applied twice changes nothing more (SPEC §2.4).
func TestPrintableAndInline(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, printable, inline string }{
		{in: "/p/q r/é.json", printable: "/p/q r/é.json", inline: "/p/q r/é.json"},
		{in: "/p\nIGNORE", printable: `"/p\nIGNORE"`, inline: `/p\nIGNORE`},
		{in: "a\x1b[2Jb", printable: `"a\x1b[2Jb"`, inline: `a\x1b[2Jb`},
		{in: "x\u202ey", printable: `"x\u202ey"`, inline: `x\u202ey`},
		{in: "tab\there", printable: `"tab\there"`, inline: `tab\there`},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.printable, Printable(tt.in))
		assert.Equal(t, tt.inline, Inline(tt.in))
		assert.Equal(t, Printable(tt.in), Printable(Printable(tt.in)))
		assert.Equal(t, Inline(tt.in), Inline(Inline(tt.in)))
	}
}
