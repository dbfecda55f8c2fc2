//go:build unix

package runner

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRunAllOrderAndBoundedConcurrency(t *testing.T) {
	t.Parallel()
	const n, limit = 60, 8
	dir := t.TempDir()
	specs := make([]Spec, n)
	for i := range specs {
		// Early specs sleep longest, so they finish out of order. Each
		// records when it started and ended (bash's $EPOCHREALTIME).
		delay := fmt.Sprintf("0.%03d", (n-1-i)*4)
		script := fmt.Sprintf(`echo "$EPOCHREALTIME" > %q; sleep %s; echo %d; echo "$EPOCHREALTIME" >> %q`,
			filepath.Join(dir, strconv.Itoa(i)), delay, i, filepath.Join(dir, strconv.Itoa(i)))
		if i == 0 {
			// The first spec also waits until the last one is done (it
			// holds one slot only), so the finishing order is certainly
			// not the spec order, whatever the machine's load.
			script = fmt.Sprintf(`for _ in $(seq 2000); do [ -e %q ] && break; sleep 0.01; done; `, filepath.Join(dir, "last-done")) + script
		}
		if i == n-1 {
			script += fmt.Sprintf(`; touch %q`, filepath.Join(dir, "last-done"))
		}
		specs[i] = bash(script)
	}

	results := New(Options{MaxParallel: limit}).RunAll(context.Background(), specs)

	require.Len(t, results, n)
	type interval struct{ start, end float64 }
	spans := make([]interval, n)
	for i, res := range results {
		require.NoError(t, res.Err, "spec %d", i)
		require.Equal(t, Exited, res.Status, "spec %d", i)
		assert.Equal(t, fmt.Sprintf("%d\n", i), string(res.Stdout), "results[%d] belongs to specs[%d]", i, i)
		data, err := os.ReadFile(filepath.Join(dir, strconv.Itoa(i)))
		require.NoError(t, err)
		stamps := strings.Fields(string(data))
		require.Len(t, stamps, 2)
		spans[i].start, err = strconv.ParseFloat(stamps[0], 64)
		require.NoError(t, err)
		spans[i].end, err = strconv.ParseFloat(stamps[1], 64)
		require.NoError(t, err)
	}

	// The recorded spans lie inside the processes' lifetimes, so their
	// largest overlap is a lower bound of the real concurrency.
	type edge struct {
		at    float64
		delta int
	}
	var edges []edge
	for _, s := range spans {
		edges = append(edges, edge{s.start, +1}, edge{s.end, -1})
	}
	sort.Slice(edges, func(a, b int) bool {
		if edges[a].at != edges[b].at {
			return edges[a].at < edges[b].at
		}
		return edges[a].delta < edges[b].delta // ends before starts
	})
	running, most := 0, 0
	for _, e := range edges {
		running += e.delta
		most = max(most, running)
	}
	assert.LessOrEqual(t, most, limit, "never more than MaxParallel at once")
	assert.Greater(t, most, 1, "specs did run in parallel")

	assert.Less(t, spans[n-1].end, spans[0].end, "specs finished out of order, results are still in spec order")
}

func TestRunAllUnlimited(t *testing.T) {
	t.Parallel()
	ready := t.TempDir()
	// Every spec waits until all of them have started: this only finishes
	// if they all run at once.
	const n = 12
	specs := make([]Spec, n)
	for i := range specs {
		specs[i] = bash(fmt.Sprintf(`touch %q/%d; while [ "$(ls %q | wc -l)" -lt %d ]; do sleep 0.01; done; echo %d`,
			ready, i, ready, n, i))
		specs[i].Timeout = 20 * time.Second
	}
	results := New(Options{}).RunAll(context.Background(), specs)
	for i, res := range results {
		assert.Equal(t, Exited, res.Status, "spec %d", i)
		assert.Equal(t, fmt.Sprintf("%d\n", i), string(res.Stdout))
	}
}

func TestRunAllCancelled(t *testing.T) {
	t.Parallel()

	t.Run("before it starts", func(t *testing.T) {
		t.Parallel()
		marker := filepath.Join(t.TempDir(), "ran")
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		specs := []Spec{bash(`touch "$M"`, "M="+marker), bash(`touch "$M"`, "M="+marker)}
		results := New(Options{MaxParallel: 1}).RunAll(ctx, specs)
		require.Len(t, results, 2)
		for _, res := range results {
			assert.Equal(t, Cancelled, res.Status)
			assert.False(t, res.Started)
		}
		assert.NoFileExists(t, marker)
	})

	t.Run("while the first runs", func(t *testing.T) {
		t.Parallel()
		killOnCleanup(t, "sleep 3311")
		dir := t.TempDir()
		ready := filepath.Join(dir, "ready")
		specs := []Spec{bash(`echo first; touch "$READY"; sleep 3311`, "READY="+ready)}
		for i := 1; i < 5; i++ {
			specs = append(specs, bash(fmt.Sprintf(`touch %q/ran-%d`, dir, i)))
		}
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		go func() {
			waitForFile(t, ready)
			cancel()
		}()
		results := New(Options{MaxParallel: 1}).RunAll(ctx, specs)

		require.Len(t, results, len(specs))
		assert.Equal(t, Cancelled, results[0].Status)
		assert.True(t, results[0].Started)
		assert.Equal(t, "first\n", string(results[0].Stdout))
		for i, res := range results[1:] {
			assert.Equal(t, Cancelled, res.Status, "spec %d", i+1)
			assert.False(t, res.Started, "spec %d", i+1)
			assert.NoFileExists(t, filepath.Join(dir, fmt.Sprintf("ran-%d", i+1)))
		}
		assert.Empty(t, pgrepFull(t, "sleep 3311"))
	})
}

func TestRunAllEmpty(t *testing.T) {
	t.Parallel()
	assert.Empty(t, New(Options{MaxParallel: 3}).RunAll(context.Background(), nil))
}
