//go:build unix

package runner

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Which hook an adopted orphan, never seen as a descendant, belongs to.
func TestClaimable(t *testing.T) {
	t.Parallel()
	// The terminating hook ran from tick 100 on.
	self := &tree{leader: 10, start: 100, state: treeTerminating, found: map[int]uint64{}}
	other := func(start, end uint64, state treeState, found map[int]uint64) *tree {
		return &tree{leader: 20, start: start, end: end, state: state, found: found}
	}
	orphan := procInfo{pid: 30, start: 150}
	tests := []struct {
		name   string
		others []*tree
		orphan procInfo
		want   bool
	}{
		{"alone", nil, orphan, true},
		{"started before the hook", nil, procInfo{pid: 30, start: 99}, false},
		{"a hook that exited on its own ran then", []*tree{other(120, 160, treeLeft, nil)}, orphan, false},
		{"that hook ended before", []*tree{other(120, 140, treeLeft, nil)}, orphan, true},
		{"that hook started after", []*tree{other(151, 0, treeRunning, nil)}, orphan, true},
		{"a running hook ran then", []*tree{other(90, 0, treeRunning, nil)}, orphan, false},
		{"a hook being terminated too ran then", []*tree{other(90, 0, treeTerminating, nil)}, orphan, true},
		{"a killed hook ran then", []*tree{other(90, 160, treeKilled, nil)}, orphan, true},
		{"another hook found it", []*tree{other(90, 160, treeKilled, map[int]uint64{30: 150})}, orphan, false},
		{"another hook found a process with its pid before", []*tree{other(90, 160, treeKilled, map[int]uint64{30: 120})}, orphan, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := &treeTable{trees: map[*tree]struct{}{self: {}}}
			for _, u := range tt.others {
				c.trees[u] = struct{}{}
			}
			assert.Equal(t, tt.want, c.claimable(self, tt.orphan))
		})
	}
}

// A finished hook is forgotten once no running hook started before it
// ended.
func TestFinishForgetsTreesThatDecideNothing(t *testing.T) {
	t.Parallel()
	c := &treeTable{trees: map[*tree]struct{}{}, leaders: map[int]*tree{}}
	running := &tree{leader: 1, start: 1, state: treeRunning}
	done := &tree{leader: 2, start: 2}
	c.trees[running], c.trees[done] = struct{}{}, struct{}{}
	c.finish(done, true)
	assert.Contains(t, c.trees, done, "an orphan of the running hook may have started while it ran")
	c.finish(running, false)
	assert.Contains(t, c.trees, running, "a hook started in the tick in which it ended may not be registered yet")
	// A tick later, with nothing running, the next finish forgets them
	// (and keeps the tree that has just ended).
	running.end, done.end = 1, 1
	later := &tree{leader: 3, start: nowTicks(), state: treeRunning}
	c.trees[later] = struct{}{}
	c.finish(later, true)
	assert.Equal(t, map[*tree]struct{}{later: {}}, c.trees)
}
