package aggregator

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/hookexec/hookexec/internal/runner"
	"github.com/hookexec/hookexec/internal/testevent"
	"github.com/hookexec/hookexec/internal/verdict"
)

func TestInterpretKeepsStartOfStartedHooks(t *testing.T) {
	t.Parallel()
	start := time.Date(2025, 1, 2, 3, 4, 5, 6000, time.UTC)
	res := exited(0, "", "")
	res.Start, res.Duration = start, 3*time.Millisecond

	assert.Equal(t, start, Interpret(testevent.Get(t, "BeforeTool"), testMeta(), res).Start)

	notStarted := runner.Result{Status: runner.Cancelled, ExitCode: -1, Start: start}
	assert.True(t, Interpret(testevent.Get(t, "BeforeTool"), testMeta(), notStarted).Start.IsZero(), "a hook that never started has no start")
	assert.True(t, NotRun(testMeta(), verdict.Skipped).Start.IsZero())
}
