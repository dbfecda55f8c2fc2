package casefile

import (
	"bytes"
	"errors"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/termstyle"
	"github.com/hookexec/hookexec/internal/verdict"
)

func TestReportText(t *testing.T) {
	t.Parallel()
	ev, err := event.Resolve("BeforeTool")
	require.NoError(t, err)
	two := 2
	v := verdict.Verdict{Event: "BeforeTool", Blocked: true, Warnings: []string{"h.json:1:2: skipped"},
		Hooks: []verdict.HookReport{{Name: "guard", Outcome: verdict.Blocked, ExitCode: &two, DurationMs: 1.25, Stderr: "no\n"}}}
	no := false
	expect := Expect{Blocked: &no}
	c := Case{Name: "allows ls", Event: ev, Pos: Position{File: "t.json", Line: 3, Col: 5}, Expect: expect}
	res := Result{Verdict: &v}
	runs := []Run{
		{Case: Case{Name: "passes", Event: ev}, Result: res, Duration: 12 * time.Millisecond},
		{Case: c, Result: res, Mismatches: expect.Check(res), Duration: 1500 * time.Millisecond},
	}

	var b bytes.Buffer
	for _, r := range runs {
		require.NoError(t, r.WriteText(&b, termstyle.Style{}))
	}
	require.NoError(t, WriteSummary(&b, runs, true, termstyle.Style{}))
	assert.Equal(t, `PASS passes (12ms)
FAIL allows ls (1.50s)
    case: t.json:3:5 (BeforeTool)
    blocked:
        expected: false
        actual:   true
    hooks:
        1. guard, blocked, exit 2, 1.2ms, stderr: "no"
    config warning: h.json:1:2: skipped
interrupted
1 passed, 1 failed
`, b.String())
}

func TestNewReport(t *testing.T) {
	t.Parallel()
	ev, err := event.Resolve("BeforeTool")
	require.NoError(t, err)
	no := false
	expect := Expect{Blocked: &no}
	res := Result{Err: errors.New("h.json:1:1: invalid JSON")}
	runs := []Run{
		{Case: Case{Name: "ok", Event: ev}, Duration: time.Millisecond},
		{Case: Case{Name: "bad", Event: ev, Pos: Position{File: "t.json", Line: 2, Col: 3}}, Result: res, Mismatches: expect.Check(res)},
	}
	rep := NewReport(runs, 2500*time.Microsecond)
	assert.Equal(t, 1, rep.Passed)
	assert.Equal(t, 1, rep.Failed)
	assert.InDelta(t, 2.5, rep.DurationMs, 1e-9)
	require.Len(t, rep.Cases, 2)
	bad := rep.Cases[1]
	assert.Equal(t, "t.json", bad.File)
	assert.Equal(t, 2, bad.Line)
	assert.Equal(t, 1, bad.ExitCode)
	assert.Equal(t, "h.json:1:1: invalid JSON", bad.Error)
	assert.NotEmpty(t, bad.Failures)
}
