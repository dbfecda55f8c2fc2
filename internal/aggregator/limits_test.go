package aggregator

import (
	"strings"
	"testing"

	"github.com/hookexec/hookexec/internal/testevent"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A byte order mark in hook output follows the rule of every JSON hookexec
// reads: a leading one is ignored, any other makes the
// output plain text, as any stray character does.
func TestInterpretByteOrderMark(t *testing.T) {
	t.Parallel()
	ev := testevent.Get(t, "BeforeTool")
	const deny = `{"decision":"deny","reason":"no"}`

	r := Interpret(ev, testMeta(), exited(0, "\xEF\xBB\xBF"+deny+"\n", ""))
	require.NotNil(t, r.Output)
	assert.Equal(t, "deny", r.Output.Decision, "a leading byte order mark is ignored")
	assert.Equal(t, "no", r.Output.Reason)
	assert.Equal(t, "\uFEFF"+deny+"\n", r.Stdout, "the raw stdout keeps it")

	r = Interpret(ev, testMeta(), exited(2, "\xEF\xBB\xBF"+`{"reason":"from json"}`, ""))
	require.NotNil(t, r.Output)
	assert.Equal(t, "from json", r.Output.Reason)

	for _, out := range []string{" \xEF\xBB\xBF" + deny, "\xEF\xBB\xBF\xEF\xBB\xBF" + deny} {
		r = Interpret(ev, testMeta(), exited(0, out, ""))
		require.NotNil(t, r.Output)
		assert.Empty(t, r.Output.Decision, "%q is plain text and never decides", out)
	}
}

// Hook output nests as deep as encoding/json allows: 10,000 levels, the
// object itself the first. Deeper is plain text.
func TestInterpretNestingLimit(t *testing.T) {
	t.Parallel()
	ev := testevent.Get(t, "BeforeTool")
	nested := func(n int) string { return strings.Repeat("[", n) + strings.Repeat("]", n) }

	r := Interpret(ev, testMeta(), exited(0, `{"decision":"deny","reason":"deep","x":`+nested(9999)+`}`, ""))
	require.NotNil(t, r.Output)
	assert.Equal(t, "deny", r.Output.Decision)

	r = Interpret(ev, testMeta(), exited(0, `{"decision":"deny","reason":"deep","x":`+nested(10000)+`}`, ""))
	require.NotNil(t, r.Output)
	assert.Empty(t, r.Output.Decision, "10,001 levels: plain text")
}
