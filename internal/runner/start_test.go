//go:build unix

package runner

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestRunRecordsStart(t *testing.T) {
	t.Parallel()
	before := time.Now()
	res := New(Options{}).Run(context.Background(), bash("sleep 0.05"))
	after := time.Now()

	assert.True(t, res.Started)
	assert.False(t, res.Start.Before(before), "start %v before the call %v", res.Start, before)
	assert.False(t, res.Start.Add(res.Duration).After(after), "start + duration ends after Run returned")
	assert.GreaterOrEqual(t, res.Duration, 50*time.Millisecond)
}

func TestRunAllStartsParallelSpecsTogether(t *testing.T) {
	t.Parallel()
	specs := []Spec{bash("sleep 0.3"), bash("sleep 0.3"), bash("sleep 0.3")}
	results := New(Options{}).RunAll(context.Background(), specs)
	for i, r := range results {
		for j, o := range results {
			// Every process started before every other one finished.
			assert.True(t, r.Start.Before(o.Start.Add(o.Duration)), "spec %d started after spec %d ended", i, j)
		}
	}
}
