package aggregator

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/reading"
	"github.com/hookexec/hookexec/internal/runner"
	"github.com/hookexec/hookexec/internal/testevent"
	"github.com/hookexec/hookexec/internal/verdict"
)

func cut(code int, stdout, stderr string) runner.Result {
	r := exited(code, stdout, stderr)
	r.StdoutTruncated = true
	return r
}

// A JSON answer cut by the capture caps is an error of the hook, never
// plain text; it denies when the hook fails closed (SPEC §4.4, §4.6).
func TestInterpretCutAnswer(t *testing.T) {
	t.Parallel()
	ev := testevent.Get(t, "BeforeTool")
	deny := `{"decision":"deny","reason":"` + strings.Repeat("x", 100)

	r := Interpret(ev, testMeta(), cut(0, deny, ""))
	assert.Equal(t, verdict.Error, r.Outcome)
	assert.Equal(t, &verdict.Output{SystemMessage: "Warning: hook guard: " + reading.LostAnswer}, r.Output, "the agent is told")
	assert.Contains(t, r.Error, "the JSON answer was lost")

	// A kept part that happens to parse is still only a part.
	r = Interpret(ev, testMeta(), cut(0, `{"decision":"allow"}`, "more to say"))
	assert.Equal(t, verdict.Error, r.Outcome)
	assert.Equal(t, &verdict.Output{SystemMessage: "Warning: hook guard: " + reading.LostAnswer + ": more to say"}, r.Output)

	// Double-encoded answers too.
	r = Interpret(ev, testMeta(), cut(0, `"{\"decision\":\"deny\"`, ""))
	assert.Equal(t, verdict.Error, r.Outcome)

	meta := testMeta()
	meta.FailClosed = true
	r = Interpret(ev, meta, cut(0, deny, ""))
	require.NotNil(t, r.Output)
	assert.Equal(t, "deny", r.Output.Decision)
	assert.Contains(t, r.Output.Reason, "hook guard failed: stdout over the output cap")

	// Exit 2 still denies, with stderr as the reason, else saying what was lost.
	r = Interpret(ev, testMeta(), cut(2, deny, "no\n"))
	assert.Equal(t, verdict.Blocked, r.Outcome)
	assert.Equal(t, &verdict.Output{Decision: "deny", Reason: "no"}, r.Output)
	r = Interpret(ev, testMeta(), cut(2, deny, ""))
	assert.Equal(t, "deny", r.Output.Decision)
	assert.Contains(t, r.Output.Reason, "the JSON answer was lost")

	// Cut plain text (and arrays, never an answer) stays plain text.
	r = Interpret(ev, testMeta(), cut(0, "lots of text", ""))
	assert.Equal(t, verdict.Success, r.Outcome)
	assert.Equal(t, &verdict.Output{SystemMessage: "lots of text"}, r.Output)
	r = Interpret(ev, testMeta(), cut(0, "[1, 2", ""))
	assert.Equal(t, verdict.Success, r.Outcome)

	// Nothing cut: the answer is read as before.
	r = Interpret(ev, testMeta(), exited(0, `{"decision":"deny","reason":"r"}`, ""))
	assert.Equal(t, verdict.Success, r.Outcome)
	assert.Equal(t, "deny", r.Output.Decision)
}
