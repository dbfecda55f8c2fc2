package runner

import "sync/atomic"

// Budget is the output that all the hooks of one event may keep together
// (--max-total-output, on top of SPEC §4.4's per-stream cap): the captured
// stdout and stderr of every spec that carries it never add up to more than
// its total, however many hooks print however much. Past it, streams keep
// being drained and are marked truncated, exactly as past the per-stream cap.
//
// It is accounted in buffer capacity, not in bytes kept, so the memory that
// capture buffers hold is bounded by the total too.
//
// So that one noisy hook cannot spend what another needs for its decision,
// up to half of the total is reserved: each of the first 2×hooks streams
// owns min(max-output, total/(4×hooks)) bytes that only it may use (10 KiB
// each for 400 hooks under the 16 MiB default), and the rest is a pool any
// stream takes from, first come first served. A stream gives back what it
// did not use of its share when it ends.
//
// A Budget belongs to one event (a fire, a test case, a served request);
// it is safe for concurrent use.
type Budget struct {
	total  int64        // the event's --max-total-output
	pool   atomic.Int64 // bytes any stream may still take
	shares atomic.Int64 // streams that may still claim a reserved share
	share  int64        // the reserved share of one stream
}

// NewBudget returns a budget of total bytes for the captured output of the
// given number of hooks, each of whose streams keeps at most maxOutput.
// total <= 0 means DefaultMaxTotalOutput.
func NewBudget(total int64, hooks int, maxOutput int64) *Budget {
	if total <= 0 {
		total = DefaultMaxTotalOutput
	}
	b := &Budget{total: total}
	streams := 2 * int64(max(hooks, 0))
	if streams > 0 && maxOutput > 0 {
		b.share = min(maxOutput, total/(2*streams))
	}
	b.shares.Store(streams)
	b.pool.Store(total - streams*b.share)
	return b
}

// NewBudget returns a budget for one event of hooks hooks with the
// Runner's --max-total-output and --max-output.
func (r *Runner) NewBudget(hooks int) *Budget {
	return NewBudget(r.opts.MaxTotalOutput, hooks, r.opts.MaxOutput)
}

// Total is the budget's total, in bytes: what all the hooks of the event
// may keep of their output, and what the verdict may write of it
// (verdict.Bound).
func (b *Budget) Total() int64 { return b.total }

// claim hands a starting stream its reserved share (0 once every share is
// claimed).
func (b *Budget) claim() int64 {
	if b.shares.Add(-1) < 0 {
		return 0
	}
	return b.share
}

// take removes up to want bytes from the pool: want if the pool has it,
// else at most least (what the caller cannot do without), and never more
// than the pool holds.
func (b *Budget) take(want, least int64) int64 {
	for {
		left := b.pool.Load()
		got := want
		if left < want {
			got = min(least, left)
		}
		if got <= 0 {
			return 0
		}
		if b.pool.CompareAndSwap(left, left-got) {
			return got
		}
	}
}

// release gives n unused bytes back to the pool.
func (b *Budget) release(n int64) {
	if n > 0 {
		b.pool.Add(n)
	}
}
