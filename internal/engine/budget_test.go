package engine

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookexec/hookexec/internal/planner"
	"github.com/hookexec/hookexec/internal/runner"
	"github.com/hookexec/hookexec/internal/verdict"
)

// keptBytes is what the verdict kept of all hooks' stdout and stderr.
func keptBytes(v verdict.Verdict) (n int, truncated int) {
	for _, h := range v.Hooks {
		n += len(h.Stdout) + len(h.Stderr)
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
