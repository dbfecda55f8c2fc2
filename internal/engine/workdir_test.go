package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookexec/hookexec/internal/registry"
)

// A project's hook runs in the project directory whatever its dialect:
// trust pinned its relative paths there, and the agent's directory is
// where the model has cd'd to (SPEC §2.4). The
// user's own agent-dialect hooks run in the agent's directory (SPEC §4.2).
func TestProjectHooksRunInTheProjectDirectory(t *testing.T) {
	t.Parallel()
	sh := shared{projectDir: "/project", agentDir: "/project/sub"}
	for _, tc := range []struct {
		dialect     registry.Dialect
		fromProject bool
		want        string
	}{
		{registry.Native, false, "/project"},
		{registry.Native, true, "/project"},
		{registry.Dialect("claude"), false, "/project/sub"},
		{registry.Dialect("claude"), true, "/project"},
		{registry.Dialect("gemini"), false, "/project/sub"},
		{registry.Dialect("gemini"), true, "/project"},
		{registry.Dialect("llxprt"), false, "/project/sub"},
		{registry.Dialect("llxprt"), true, "/project"},
	} {
		h := &registry.Hook{Dialect: tc.dialect, FromProject: tc.fromProject}
		assert.Equal(t, tc.want, sh.dir(h), "%s, from the project: %v", tc.dialect, tc.fromProject)
	}
}
