package planner

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookexec/hookexec/internal/registry"
)

// TestBackgroundCopyIsNoDuplicate: the same command once in the background
// and once in the foreground runs twice; a background copy never takes the
// place of a guard whose answer counts. Two background
// copies are duplicates.
func TestBackgroundCopyIsNoDuplicate(t *testing.T) {
	t.Parallel()
	async := func(h *registry.Hook) { h.Async = true }
	reg := &registry.Registry{Hooks: []*registry.Hook{
		hook("PreToolUse", "guard.sh", "", async),
		hook("PreToolUse", "guard.sh", ""),
		hook("PreToolUse", "guard.sh", "", async),
	}}
	p := Build(reg, mustEvent(t, "PreToolUse"), matchInput(mustEvent(t, "PreToolUse"), "Bash", true), Options{})
	assert.Equal(t, []string{"guard.sh", "guard.sh"}, commands(p))
	assert.True(t, p.Steps[0].Hook.Async)
	assert.False(t, p.Steps[1].Hook.Async)
	if assert.Len(t, p.Dropped, 1) {
		assert.Equal(t, Duplicate, p.Dropped[0].Reason)
	}
}
