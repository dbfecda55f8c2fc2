package planner

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/registry"
)

// SPEC §2.4: a project copy of a user's guard (higher priority, a short
// timeout, fail-open) never replaces the user's copy.
func TestDedupKeepsHigherTrustCopy(t *testing.T) {
	t.Parallel()
	project := hook("BeforeTool", "~/guard.sh", "", func(h *registry.Hook) {
		h.FromProject, h.Source, h.Priority, h.Timeout = true, registry.Project, 100, time.Millisecond
	})
	user := hook("BeforeTool", "~/guard.sh", "", func(h *registry.Hook) {
		h.Source, h.Timeout, h.FailClosed, h.Name = registry.User, 30*time.Second, true, "user-guard"
	})
	reg := &registry.Registry{Hooks: []*registry.Hook{project, user}} // plan order: the project copy first
	p := Build(reg, mustEvent(t, "BeforeTool"), matchInput(mustEvent(t, "BeforeTool"), "Bash", true), Options{HasProgram: func(string) bool { return true }})
	require.Len(t, p.Steps, 1)
	assert.Same(t, user, p.Steps[0].Hook)
	assert.Equal(t, 30*time.Second, p.Steps[0].Timeout)
	assert.True(t, p.Steps[0].FailClosed)
	require.Len(t, p.Dropped, 1)
	assert.Same(t, project, p.Dropped[0].Hook)
	assert.Contains(t, p.Dropped[0].Detail, "wins over a project copy")

	// Between two copies of the same trust the first in plan order stays.
	other := hook("BeforeTool", "~/guard.sh", "", func(h *registry.Hook) { h.FromProject = true })
	reg = &registry.Registry{Hooks: []*registry.Hook{project, other}}
	p = Build(reg, mustEvent(t, "BeforeTool"), matchInput(mustEvent(t, "BeforeTool"), "Bash", true), Options{HasProgram: func(string) bool { return true }})
	require.Len(t, p.Steps, 1)
	assert.Same(t, project, p.Steps[0].Hook)
}

// SPEC §2.4: a project file's hooksConfig.disabled applies to project
// hooks only.
func TestProjectDisabledListSparesUserHooks(t *testing.T) {
	t.Parallel()
	user := hook("BeforeTool", "guard", "", func(h *registry.Hook) { h.Name = "user-guard"; h.Source = registry.User })
	proj := hook("BeforeTool", "lint", "", func(h *registry.Hook) { h.Name = "proj-lint"; h.FromProject = true })
	reg := &registry.Registry{
		Disabled: []registry.DisabledName{{Name: "user-guard", FromProject: true}, {Name: "proj-lint", FromProject: true}},
		Hooks:    []*registry.Hook{user, proj},
	}
	p := Build(reg, mustEvent(t, "BeforeTool"), matchInput(mustEvent(t, "BeforeTool"), "Bash", true), Options{})
	require.Len(t, p.Steps, 1)
	assert.Same(t, user, p.Steps[0].Hook)
	require.Len(t, p.Dropped, 1)
	assert.Same(t, proj, p.Dropped[0].Hook)

	// The user's own list disables anything.
	reg.Disabled = []registry.DisabledName{{Name: "proj-lint"}, {Name: "user-guard"}}
	p = Build(reg, mustEvent(t, "BeforeTool"), matchInput(mustEvent(t, "BeforeTool"), "Bash", true), Options{})
	assert.Empty(t, p.Steps)
}
