package engine

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/planner"
	"github.com/hookexec/hookexec/internal/runner"
	"github.com/hookexec/hookexec/internal/verdict"
)

// keptBytes is what the verdict kept of all hooks' stdout and stderr,
// wherever it appears: a plain-text stdout is also the hook's
// output.systemMessage and part of the merged systemMessage, and the
// budget bounds all of them together (verdict.Bound).
func keptBytes(v verdict.Verdict) (n int, truncated int) {
	n = len(v.SystemMessage)
	for _, h := range v.Hooks {
		n += len(h.Stdout) + len(h.Stderr)
		if h.Output != nil {
			n += len(h.Output.SystemMessage)
		}
		if h.StdoutTruncated || h.StderrTruncated {
			truncated++
		}
	}
	return n, truncated
}

// SPEC §4.4 with --max-total-output: the hooks of one run share one budget,
// in parallel and in sequential runs alike, and the next run (the next
// event, or test case) starts with a full one.
func TestRunSharesOneOutputBudget(t *testing.T) {
	t.Parallel()
	const total = 1 << 20
	hooks := make([]hook, 6)
	for i := range hooks {
		// 400 KiB each, under --max-output: only the total cuts them.
		hooks[i] = cmd(fmt.Sprintf("head -c 409600 /dev/zero | tr '\\0' %c || exit 9", 'a'+i))
	}
	for _, mode := range []struct {
		name string
		defs []def
	}{{"parallel", []def{group(hooks...)}}, {"sequential", []def{sequential(hooks...)}}} {
		t.Run(mode.name, func(t *testing.T) {
			t.Parallel()
			f := load(t, "AfterTool", map[string][]def{"AfterTool": mode.defs}, "", planner.Options{})
			e := f.engine(runner.Options{MaxTotalOutput: total})
			for run := range 2 {
				v := e.Run(context.Background(), f.plan, f.input)
				assert.Equal(t, []verdict.Outcome{"success", "success", "success", "success", "success", "success"}, outcomes(v), "run %d", run)
				n, truncated := keptBytes(v)
				assert.LessOrEqual(t, n, total, "run %d", run)
				assert.GreaterOrEqual(t, n, total/2, "run %d: the budget is not spent by an earlier run", run)
				assert.GreaterOrEqual(t, truncated, 4, "run %d: at most two of the 400 KiB outputs fit whole", run)
			}
		})
	}
}

// SPEC §4.4: --max-total-output bounds the verdict as written,
// not only the bytes captured. Control bytes take 6 bytes escaped
// (\u0001) and a plain-text stdout appears three times (stdout,
// output.systemMessage, the merged systemMessage): before, 8 hooks
// printing 256 KiB of them on each stream wrote 15 MB for a 1 MiB
// budget.
func TestVerdictWrittenWithinOutputBudget(t *testing.T) {
	t.Parallel()
	const total, n = 1 << 20, 8
	hooks := make([]hook, n)
	for i := range hooks {
		hooks[i] = cmd(fmt.Sprintf("head -c 262144 /dev/zero | tr '\\0' '\\1'; head -c 262144 /dev/zero | tr '\\0' '\\2' >&2 # %d", i))
	}
	f := load(t, "AfterTool", map[string][]def{"AfterTool": {group(hooks...)}}, "", planner.Options{})
	v := f.engine(runner.Options{MaxTotalOutput: total}).Run(context.Background(), f.plan, f.input)
	require.Len(t, v.Hooks, n)
	var written bytes.Buffer
	require.NoError(t, verdict.WriteJSON(&written, v))
	// Besides the budget: each report's fields and the cut markers.
	const perHook = 1 << 10
	assert.LessOrEqual(t, written.Len(), total+n*perHook)
	assert.GreaterOrEqual(t, written.Len(), total/2, "the budget is spent, not left unused")
	for _, h := range v.Hooks {
		assert.True(t, h.StdoutTruncated && h.StderrTruncated, "%s: cut streams are marked", h.Name)
		assert.True(t, strings.HasSuffix(h.Stdout, "more bytes not kept (--max-output, --max-total-output)]"), "%s: cut stdout ends with the marker", h.Name)
	}
	assert.True(t, strings.HasSuffix(v.SystemMessage, "see --max-total-output]"), "the merged systemMessage ends with the marker")
}
