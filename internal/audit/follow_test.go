package audit

import (
	"context"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// collector gathers what Follow passes on, for a test to wait for.
type collector struct {
	mu    sync.Mutex
	ids   []string
	stats []Stats
}

func (c *collector) entry(es []Entry) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, e := range es {
		c.ids = append(c.ids, e.ID)
	}
	return nil
}

func (c *collector) status(s Stats) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.stats = append(c.stats, s)
}

func (c *collector) got() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.ids...)
}

// waitFor waits until c has n entries (failing after 10 s).
func (c *collector) waitFor(t *testing.T, n int) {
	t.Helper()
	require.Eventually(t, func() bool { return len(c.got()) >= n }, 10*time.Second, 5*time.Millisecond, "have %v", c.got())
}

func TestFollowAcrossAppendsRotationAndTruncation(t *testing.T) {
	t.Parallel()
	l := testLog(t, line(t, rec("old", 0)), line(t, rec("a", 1))+line(t, rec("b", 2, blocked)))
	ctx, cancel := context.WithCancel(context.Background())
	c := &collector{}
	done := make(chan error, 1)
	go func() { done <- l.Follow(ctx, Query{}, 2, time.Millisecond, c.entry, c.status) }()
	c.waitFor(t, 2)
	assert.Equal(t, []string{"a", "b"}, c.got(), "the last 2 first")

	// A line written in two parts is passed on once it is whole.
	half := line(t, rec("c", 3))
	appendTo(t, l.Current, half[:20])
	time.Sleep(20 * time.Millisecond)
	appendTo(t, l.Current, half[20:])
	c.waitFor(t, 3)

	// The writer rotates: more lines in the old file, renamed, then a
	// new file.
	appendTo(t, l.Current, line(t, rec("d", 4)))
	require.NoError(t, os.Rename(l.Current, l.Rotated))
	time.Sleep(20 * time.Millisecond)
	appendTo(t, l.Current, line(t, rec("e", 5))+"garbage\n")
	c.waitFor(t, 5)

	// Truncated and written again from the start.
	require.NoError(t, os.Truncate(l.Current, 0))
	time.Sleep(20 * time.Millisecond)
	appendTo(t, l.Current, line(t, rec("f", 6)))
	c.waitFor(t, 6)

	cancel()
	select {
	case err := <-done:
		require.NoError(t, err, "cancelled is done, not failed")
	case <-time.After(10 * time.Second):
		t.Fatal("Follow did not stop when its context was cancelled")
	}
	assert.Equal(t, []string{"a", "b", "c", "d", "e", "f"}, c.got(), "each record once, in order")
	c.mu.Lock()
	defer c.mu.Unlock()
	require.NotEmpty(t, c.stats)
	assert.Equal(t, Stats{Records: 3}, c.stats[0], "the first read's stats")
	assert.Contains(t, c.stats[1:], Stats{Records: 1, Malformed: 1}, "the garbage line is said as it comes")
}

func TestFollowFiltersAndWaitsForAMissingLog(t *testing.T) {
	t.Parallel()
	l := testLog(t, "", "")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c := &collector{}
	done := make(chan error, 1)
	go func() { done <- l.Follow(ctx, Query{Blocked: true}, 20, time.Millisecond, c.entry, c.status) }()
	require.Eventually(t, func() bool { c.mu.Lock(); defer c.mu.Unlock(); return len(c.stats) == 1 }, 10*time.Second, time.Millisecond)
	appendTo(t, l.Current, line(t, rec("allowed", 1))+line(t, rec("stopped", 2, blocked)))
	c.waitFor(t, 1)
	cancel()
	require.NoError(t, <-done)
	assert.Equal(t, []string{"stopped"}, c.got())
}

func TestFollowStopsWhenWritingFails(t *testing.T) {
	t.Parallel()
	l := testLog(t, "", line(t, rec("a", 1)))
	err := l.Follow(context.Background(), Query{}, 20, time.Millisecond,
		func([]Entry) error { return os.ErrClosed }, func(Stats) {})
	assert.ErrorIs(t, err, os.ErrClosed)
}
