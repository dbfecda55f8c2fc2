package casefile

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/termstyle"
)

// TestReportTextStyled: PASS green, FAIL red, where the case is dim, the
// summary red when a case failed; the JUnit file of the same runs is never
// coloured, and neither is the JSON of a Reporter given a colour Style.
func TestReportTextStyled(t *testing.T) {
	t.Parallel()
	on := termstyle.New(true)
	ev, err := event.Resolve("BeforeTool")
	require.NoError(t, err)
	no := false
	expect := Expect{Blocked: &no}
	res := Result{Verdict: nil}
	runs := []Run{
		{Case: Case{Name: "passes", Event: ev}, Duration: 12 * time.Millisecond},
		{Case: Case{Name: "fails", Event: ev, Pos: Position{File: "t.json", Line: 3, Col: 5}, Expect: expect}, Result: res, Mismatches: []Mismatch{{Field: "blocked", Expected: "false", Actual: "true"}}, Duration: time.Millisecond},
	}

	var text bytes.Buffer
	rep := &Reporter{W: &text, Style: on}
	for _, r := range runs {
		rep.Case(r)
	}
	require.NoError(t, rep.End(runs, time.Second, false))
	require.NoError(t, rep.Err())
	out := text.String()
	assert.Contains(t, out, on.OK("PASS")+" passes "+on.Dim("(12ms)")+"\n")
	assert.Contains(t, out, on.Fail("FAIL")+" fails "+on.Dim("(1ms)")+"\n")
	assert.Contains(t, out, "case: "+on.Dim("t.json:3:5")+" (BeforeTool)\n")
	assert.Contains(t, out, on.Bold("blocked")+":\n")
	assert.Contains(t, out, on.Fail("1 passed, 1 failed")+"\n")

	var pass bytes.Buffer
	require.NoError(t, WriteSummary(&pass, runs[:1], false, on))
	assert.Equal(t, on.OK("1 passed, 0 failed")+"\n", pass.String())

	var doc bytes.Buffer
	rep = &Reporter{W: &doc, JSON: true, Style: on}
	rep.Case(runs[1])
	require.NoError(t, rep.End(runs, time.Second, false))
	assert.NotContains(t, doc.String(), "\x1b")

	junit := filepath.Join(t.TempDir(), "junit.xml")
	require.NoError(t, WriteJUnitFile(junit, runs, time.Second))
	data, err := os.ReadFile(junit)
	require.NoError(t, err)
	assert.Contains(t, string(data), "t.json:3:5")
	assert.NotContains(t, string(data), "\x1b")
	assert.NotContains(t, string(data), "&#x1B;")
}
