package matcher

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// FuzzJSMatcher holds the agents' JavaScript matchers to their contract
// with a hostile config: compiling any pattern and matching any value
// returns (no panic), within the match bound plus slack, and a pattern that
// does not compile gets a "invalid JavaScript regular expression" error.
func FuzzJSMatcher(f *testing.F) {
	for _, s := range [][2]string{
		{`^(?!read_).*_file$`, "write_file"}, {`(a)\1`, "aa"}, {`(?<n>a)\k<n>`, "aa"}, {`^(a+)+$`, "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!"},
		{`[[:alpha:]]`, ":]"}, {`(?i)x`, "x"}, {`(?i:x)`, "X"}, {`\`, ""}, {`\c`, "\\c"}, {`[^]`, ""}, {`\u{41}`, "u"},
		{`(?<=a)b`, "ab"}, {`(?<a`, ""}, {`[a-\d]`, "-"}, {`\p{L}`, "p{L}"}, {"\xff", "\xff"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, pattern, value string) {
		re, err := compileJS(pattern)
		if err != nil {
			require.Contains(t, err.Error(), "invalid JavaScript regular expression: ")
			return
		}
		m := jsMatcher{raw: pattern, re: re}
		start := time.Now()
		m.Match(value)
		require.Less(t, time.Since(start), jsMatchTimeout+5*time.Second)
	})
}
