//go:build unix

package runner

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// seqOutput is what `seq 1 n` prints.
func seqOutput(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "%d\n", i)
	}
	return b.String()
}

// floodSpec prints `seq 1 n` on stdout and on stderr and exits 9 or 8 if a
// write failed (SIGPIPE or EPIPE): a clean exit 0 proves it never did.
func floodSpec(n int) Spec {
	return bash(fmt.Sprintf("seq 1 %d || exit 9; seq 1 %d >&2 || exit 8", n, n))
}

// kept is what all results together keep, in length and in capacity (the
// memory their buffers hold).
func kept(results []Result) (length, capacity int64) {
	for _, r := range results {
		length += int64(len(r.Stdout) + len(r.Stderr))
		capacity += int64(cap(r.Stdout) + cap(r.Stderr))
	}
	return length, capacity
}

// requireDrained checks every result: the hook ran to a clean exit (it was
// never blocked nor got SIGPIPE), each stream is a prefix of what was
// written, and a stream shorter than that is marked truncated.
func requireDrained(t *testing.T, results []Result, written string) {
	t.Helper()
	for i, r := range results {
		require.NoError(t, r.Err, "hook %d", i)
		require.Equal(t, Exited, r.Status, "hook %d", i)
		require.Equal(t, 0, r.ExitCode, "hook %d: a write failed", i)
		for _, s := range []struct {
			name      string
			out       []byte
			truncated bool
		}{{"stdout", r.Stdout, r.StdoutTruncated}, {"stderr", r.Stderr, r.StderrTruncated}} {
			require.Truef(t, strings.HasPrefix(written, string(s.out)), "hook %d: %s is not a prefix of what it wrote", i, s.name)
			assert.Equalf(t, len(s.out) < len(written), s.truncated, "hook %d: %s kept %d of %d bytes", i, s.name, len(s.out), len(written))
		}
	}
}

// SPEC §4.4 with --max-total-output: 40 parallel hooks each print 575 KiB
// on stdout and on stderr (45 MiB in all, each stream under --max-output);
// what the event keeps is bounded by the total, in bytes and in buffer
// capacity, not by hooks × --max-output.
func TestTotalOutputCapParallel(t *testing.T) {
	t.Parallel()
	const hooks, n = 40, 100000
	written := seqOutput(n)
	const total = 4 << 20
	r := New(Options{MaxTotalOutput: total})
	specs := make([]Spec, hooks)
	for i := range specs {
		specs[i] = floodSpec(n)
	}
	results := r.RunAll(context.Background(), specs) // no Budget: RunAll shares one
	requireDrained(t, results, written)

	length, capacity := kept(results)
	assert.LessOrEqual(t, capacity, int64(total), "buffers hold more than the budget")
	assert.LessOrEqual(t, length, int64(total))
	// At least the reserved half is kept: the cap is not one hook's worth.
	assert.GreaterOrEqual(t, length, int64(total/2))
	whole := 0
	for _, res := range results {
		for _, cut := range []bool{res.StdoutTruncated, res.StderrTruncated} {
			if !cut {
				whole++
			}
		}
	}
	assert.LessOrEqual(t, whole, total/len(written), "more streams kept whole than the budget holds")
}

// One event's budget spans its sequential runs: each Run takes from what
// the previous ones left.
func TestTotalOutputCapSequential(t *testing.T) {
	t.Parallel()
	const hooks, n = 6, 180000 // about 1.2 MiB per stream
	written := seqOutput(n)
	const total = 3 << 20
	r := New(Options{MaxTotalOutput: total})
	budget := r.NewBudget(hooks)
	results := make([]Result, hooks)
	for i := range results {
		spec := floodSpec(n)
		spec.Budget = budget
		results[i] = r.Run(context.Background(), spec)
	}
	requireDrained(t, results, written)
	length, capacity := kept(results)
	assert.LessOrEqual(t, capacity, int64(total))
	assert.LessOrEqual(t, length, int64(total))
	// The last hook still has its reserved share.
	last := results[hooks-1]
	assert.Len(t, last.Stdout, total/(4*hooks))
	assert.True(t, last.StdoutTruncated)

	// Another event has a budget of its own.
	again := r.Run(context.Background(), floodSpec(n))
	requireDrained(t, []Result{again}, written)
	assert.Len(t, again.Stdout, int(DefaultMaxOutput))
}

// A hook that floods the event cannot spend what another hook needs for its
// decision: each stream has a reserved share of the budget.
func TestTotalOutputCapCannotStarveAnotherHook(t *testing.T) {
	t.Parallel()
	flooded := readyFile(t)
	decision := `{"decision":"deny","reason":"protected path"}`
	r := New(Options{MaxTotalOutput: 1 << 20})
	results := r.RunAll(context.Background(), []Spec{
		bash(`head -c 64000000 /dev/zero || exit 9; head -c 64000000 /dev/zero >&2 || exit 8; touch "$READY"`, "READY="+flooded),
		// Answers only once the flood has spent the pool.
		bash(`while [ ! -e "$READY" ]; do sleep 0.01; done; echo '`+decision+`'`, "READY="+flooded),
	})
	require.Equal(t, 0, results[0].ExitCode)
	assert.True(t, results[0].StdoutTruncated)
	assert.True(t, results[0].StderrTruncated)
	require.Equal(t, 0, results[1].ExitCode)
	assert.Equal(t, decision+"\n", string(results[1].Stdout))
	assert.False(t, results[1].StdoutTruncated)
	length, _ := kept(results)
	assert.LessOrEqual(t, length, int64(1<<20))
}

// A stream cut by the budget stays cut: output freed by a hook that ends
// later is never appended after a gap.
func TestTotalOutputKeepsAPrefix(t *testing.T) {
	t.Parallel()
	b := NewBudget(100, 0, 1000) // no shares: everything comes from the pool
	c := &capture{limit: 1000, budget: b}
	c.keep([]byte(strings.Repeat("a", 80)))
	c.keep([]byte(strings.Repeat("b", 40)))
	assert.Equal(t, strings.Repeat("a", 80)+strings.Repeat("b", 20), string(c.buf))
	assert.True(t, c.truncated)
	assert.LessOrEqual(t, cap(c.buf), 100)
	b.release(500)
	c.keep([]byte("c"))
	assert.Equal(t, 100, len(c.buf))
	assert.Equal(t, int64(20+1), c.dropped, "every byte read and not kept is counted")
}

// The bytes past the stream's own cap are counted too.
func TestCaptureCountsDropped(t *testing.T) {
	t.Parallel()
	c := &capture{limit: 10, budget: NewBudget(100, 0, 1000)}
	c.keep([]byte("0123456"))
	c.keep([]byte("789abcdef"))
	c.keep([]byte("xyz"))
	assert.Equal(t, "0123456789", string(c.buf))
	assert.True(t, c.truncated)
	assert.Equal(t, int64(6+3), c.dropped)
}

func TestBudgetShares(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name                    string
		total                   int64
		hooks                   int
		maxOutput               int64
		share, pool, reservable int64
	}{
		{"one hook, defaults", 0, 1, DefaultMaxOutput, DefaultMaxOutput, DefaultMaxTotalOutput - 2*DefaultMaxOutput, 2},
		{"400 hooks, defaults", 0, 400, DefaultMaxOutput, 10485, DefaultMaxTotalOutput - 800*10485, 800},
		{"share capped by max-output", 1 << 30, 2, 1 << 20, 1 << 20, 1<<30 - 4<<20, 4},
		{"no hooks", 1000, 0, 100, 0, 1000, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			b := NewBudget(tt.total, tt.hooks, tt.maxOutput)
			assert.Equal(t, tt.share, b.share)
			assert.Equal(t, tt.pool, b.pool.Load())
			for range tt.reservable {
				assert.Equal(t, tt.share, b.claim())
			}
			assert.Zero(t, b.claim(), "more streams than the budget was made for")
		})
	}
}

// Concurrent takes never hand out more than the pool holds.
func TestBudgetTakeConcurrent(t *testing.T) {
	t.Parallel()
	b := NewBudget(1<<20, 0, 0)
	var mu sync.Mutex
	var got int64
	var wg sync.WaitGroup
	for range 64 {
		wg.Go(func() {
			for range 1000 {
				n := b.take(100, 1)
				mu.Lock()
				got += n
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	assert.Equal(t, int64(1<<20), got)
	assert.Zero(t, b.pool.Load())
}
