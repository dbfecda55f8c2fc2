package gemini

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Each row was checked against gemini-cli-core 0.61 (escapeShellArg, which
// is shell-quote 1.8.3's quote for bash).
func TestShellQuote(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ value, quoted string }{
		{"/home/dev/app", "/home/dev/app"},
		{"/tmp/project dirs/x", "'/tmp/project dirs/x'"},
		{`/a\b c`, `'/a\b c'`},
		{`/a\b`, `'/a\b'`},
		{`C:\w`, `'C:\w'`},
		{"/p@2/x", `/p\@2/x`},
		{"/x/a:b", `/x/a\:b`},
		{"/x/a:@", `/x/a:\@`},
		{"/a,b", `/a\,b`},
		{"/a!b", `/a\!b`},
		{"/a$b", `/a\$b`},
		{"/a`b", "/a\\`b"},
		{"/a&b(c)", `/a\&b\(c\)`},
		{"/a#b", `/a\#b`},
		{"/tab\there", "'/tab\there'"},
		{"/a~b+c%d=e", `/a~b+c%d\=e`},
		{"/é è", "'/é è'"},
		{"/nb\u00a0sp", "'/nb\u00a0sp'"},
		{"", ""},
		{"/a'b", `"/a'b"`},
	} {
		assert.Equal(t, tt.quoted, ShellQuote(tt.value), tt.value)
	}
}
