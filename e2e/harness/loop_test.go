package harness

import (
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/e2e/compare"
)

func TestComparison(t *testing.T) {
	out := t.TempDir()
	var running, most atomic.Int32
	var mu sync.Mutex
	runs := map[string]int{}
	c := Comparison[string, string]{
		Table:     TablePath(out, "fake"),
		Parallel:  2,
		Modes:     []string{"direct", "through"},
		Scenarios: []string{"alpha", "beta", "gamma", "delta"},
		Name:      func(s string) string { return s },
		Run: func(_ *testing.T, sc, mode string) string {
			n := running.Add(1)
			for {
				m := most.Load()
				if n <= m || most.CompareAndSwap(m, n) {
					break
				}
			}
			time.Sleep(20 * time.Millisecond)
			running.Add(-1)
			mu.Lock()
			runs[sc+"/"+mode]++
			mu.Unlock()
			return sc + " ran"
		},
		Facts: func(_ *testing.T, _, _ string, res string) compare.Facts {
			return compare.Facts{"tool ran": res}
		},
	}
	c.Test(t)
	assert.LessOrEqual(t, most.Load(), int32(2), "at most Parallel runs at once")
	assert.Len(t, runs, 8, "every scenario in every mode")
	table, err := os.ReadFile(filepath.Join(out, "fake.md"))
	require.NoError(t, err)
	for _, sc := range c.Scenarios {
		assert.Contains(t, string(table), sc)
	}
}
