package matcher

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestRegexHint(t *testing.T) {
	t.Parallel()
	tests := []struct{ pattern, want string }{
		{"^(?!Bash)", "look-around such as (?!...)"},
		{"(?=x)", "look-around such as (?=...)"},
		{"(?<!x)y", "look-around such as (?<!...)"},
		{`(a)\1`, `back-references such as \1`},
		{`(?<n>a)\k<n>`, `back-references such as \1`},
		{`a\\1`, ""},
		{`Bash(`, ""},
		{`(?<name>x)`, ""},
	}
	for _, tt := range tests {
		got := Hint(false, tt.pattern)
		if tt.want == "" {
			assert.Empty(t, got, tt.pattern)
		} else {
			assert.Contains(t, got, tt.want, tt.pattern)
		}
	}
}
