package registry

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/hookexec/hookexec/internal/testevent"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The agents' matchers are JavaScript regular expressions (SPEC §3.1):
// look-around and back-references work in claude,
// gemini and llxprt, as in the agents; native "re:" stays RE2.
func TestJSMatcherIssueCase(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		dialect Dialect
		event   string
	}{{Gemini, "BeforeTool"}, {LLxprt, "BeforeTool"}, {Claude, "PreToolUse"}} {
		m, err := CompileMatcher(tt.dialect, testevent.Get(t, tt.event), `^(?!read_).*_file$`)
		require.NoError(t, err, tt.dialect)
		assert.Equal(t, KindRegex, m.Kind())
		assert.True(t, m.Match("write_file"), tt.dialect)
		assert.False(t, m.Match("read_file"), tt.dialect)
	}
	_, err := CompileMatcher(Native, testevent.Get(t, "BeforeTool"), `re:^(?!read_).*_file$`)
	require.Error(t, err, "native re: is RE2")
}

// Each row was checked against `new RegExp(p).test(v)` in Node.js 20 (the
// engine Gemini CLI runs on); "!" marks a pattern JavaScript rejects.
func TestJSMatcherCorners(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		pattern string
		value   string
		want    string // "true", "false" or "!" (does not compile)
	}{
		{`(?<=write_)file`, "write_file", "true"},
		{`(?<!read_)file$`, "read_file", "false"},
		{`(a)\1`, "aa", "true"},
		{`(?<n>a)\k<n>`, "aa", "true"},
		{`\k<n>`, "k<n>", "true"},     // no named group: \k is the letter
		{`\_x`, "_x", "true"},         // identity escape
		{`\e`, "e", "true"},           // .NET: escape character
		{`\a`, "a", "true"},           // .NET: bell
		{`\Aa`, "a", "false"},         // .NET: start of input; JS: the letter A
		{`\Aa`, "Aa", "true"},         //
		{`a\Z`, "a", "false"},         // .NET: end of input
		{`\G`, "G", "true"},           //
		{`\p{L}`, "x", "false"},       // no u flag: p{L} literally
		{`\p{L}`, "p{L}", "true"},     //
		{`\x4`, "x4", "true"},         // too few hex digits: the letter x
		{`\x41`, "A", "true"},         //
		{`\u41`, "u41", "true"},       //
		{`\c1`, `\c1`, "true"},        // \c without a letter: a backslash
		{`[[:alpha:]]`, ":]", "true"}, // no POSIX classes
		{`[[:alpha:]]`, "a", "false"},
		{`[^]`, "x", "true"},
		{`[]`, "x", "false"},
		{`x$`, "x\n", "false"},
		{`a{,5}`, "a{,5}", "true"},
		{`Edit|Write`, "MultiEdit", "true"},
		{`(?i)bash`, "Bash", "!"},
		{`(?#c)a`, "a", "!"},
		{`(?>a)`, "a", "!"},
		{`(?'n'a)`, "a", "!"},
		{`(?<1>a)`, "a", "!"},
		{`(?s).`, "a", "!"},
		{`a\`, "a", "!"},
		{`Bash(`, "Bash(", "!"},
		{`*a`, "a", "!"},
		{`a{2}{3}`, "aaaaaa", "!"},
		// Modifier groups: Node.js 24 reads them (Node.js 20 rejects
		// them); reading them can only make a guard run more often.
		{`(?i:bash)`, "Bash", "true"},
		{`(?-i:a)`, "a", "true"},
		{`(?x:a)`, "a", "!"},
		{`(?ii:a)`, "a", "!"},
		{`(?i-:a)`, "a", "!"},
	} {
		t.Run(fmt.Sprintf("%s~%s", tt.pattern, tt.value), func(t *testing.T) {
			t.Parallel()
			re, err := compileJS(tt.pattern)
			if tt.want == "!" {
				require.Error(t, err)
				assert.True(t, strings.HasPrefix(err.Error(), "invalid JavaScript regular expression: "), err.Error())
				return
			}
			require.NoError(t, err)
			got, err := re.MatchString(tt.value)
			require.NoError(t, err)
			assert.Equal(t, tt.want == "true", got)
		})
	}
}

// A pattern that backtracks for ever is stopped, and the hooks behind it
// run: a matcher that could not decide never turns a guard off.
func TestJSMatcherTimeoutRunsTheGuard(t *testing.T) {
	t.Parallel()
	value := strings.Repeat("a", 40) + "!"
	for _, d := range []Dialect{Claude, Gemini, LLxprt} {
		ev := testevent.Get(t, "BeforeTool")
		if d == Claude {
			ev = testevent.Get(t, "PreToolUse")
		}
		m, err := CompileMatcher(d, ev, `^(a+)+$`)
		require.NoError(t, err)
		start := time.Now()
		assert.True(t, m.Match(value), "%s: a timed-out match counts as a match", d)
		assert.Less(t, time.Since(start), 10*time.Second, "the match is bounded")
		assert.False(t, m.Match("b"), "an ordinary non-match stays one")
	}
}
