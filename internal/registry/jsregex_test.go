package registry

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/matcher"
	"github.com/hookexec/hookexec/internal/testevent"
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
		assert.Equal(t, matcher.KindRegex, m.Kind())
		assert.True(t, m.Match("write_file"), tt.dialect)
		assert.False(t, m.Match("read_file"), tt.dialect)
	}
	_, err := CompileMatcher(Native, testevent.Get(t, "BeforeTool"), `re:^(?!read_).*_file$`)
	require.Error(t, err, "native re: is RE2")
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
