//go:build unix

package engine

import (
	"os"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/planner"
	"github.com/hookexec/hookexec/internal/registry"
	"github.com/hookexec/hookexec/internal/runner"
)

// The shell the planner found is handed to the spawn of the hooks that run
// it (the runner then does not search the PATH again); a program the
// planner never looked up is left to the runner.
func TestSpecCarriesTheShellThePlannerFound(t *testing.T) {
	t.Parallel()
	environ := []string{"PATH=" + os.Getenv("PATH")}
	ps := programs{}
	require.True(t, ps.lookup(environ)("sh"))
	assert.False(t, ps.lookup(environ)("no-such-hookexec-shell"))
	want, ok := runner.LookProgram("sh", environ)
	require.True(t, ok)

	e := &Engine{ProjectDir: t.TempDir(), Environ: environ, programs: ps}
	in, err := event.ParseInput(nil, time.Now(), e.ProjectDir)
	require.NoError(t, err)
	shellForm := planner.Step{Hook: &registry.Hook{EventKey: "BeforeTool", Command: "true", Dialect: registry.Native}, Shell: "sh"}
	execForm := planner.Step{Hook: &registry.Hook{EventKey: "BeforeTool", Command: "true", ExecForm: true, Dialect: registry.Native}}

	assert.Equal(t, want, e.shared(in).specFor(shellForm, nil).Program)
	assert.Equal(t, runner.Program{}, e.shared(in).specFor(execForm, nil).Program, "not looked up by the planner")
}
