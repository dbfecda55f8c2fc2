package engine

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/event"
)

// TestPlanRunsNothing: plan loads as fire loads and lists the hook fire
// would run, without running it.
func TestPlanRunsNothing(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	marker := filepath.Join(dir, "ran")
	path := configFile(t, dir, map[string][]def{"BeforeTool": {group(named("guard", "touch "+q(marker)))}})
	req := doRequest(t, path, `{"tool_name":"Bash"}`, noEnv)
	req.Sequential = true
	view, err := Plan(req)
	require.NoError(t, err)
	var text strings.Builder
	require.NoError(t, view.WriteText(&text))
	assert.Contains(t, text.String(), "guard")
	assert.Equal(t, "sequential", view.Mode)
	assert.NoFileExists(t, marker)

	req.Input = func() (*event.Input, error) { return nil, &event.InputError{Msg: "bad"} }
	_, err = Plan(req)
	require.Error(t, err)
}

// TestInputFrom: a file, stdin for "" and "-", empty input without stdin,
// an input error for a file that cannot be opened.
func TestInputFrom(t *testing.T) {
	t.Parallel()
	file := filepath.Join(t.TempDir(), "in.json")
	require.NoError(t, os.WriteFile(file, []byte(`{"tool_name":"Edit"}`), 0o644))
	stdin := func() *strings.Reader { return strings.NewReader(`{"tool_name":"Bash"}`) }
	for path, want := range map[string]string{file: "Edit", "": "Bash", "-": "Bash"} {
		in, err := InputFrom(stdin(), path)()
		require.NoError(t, err)
		got, _ := in.String("tool_name")
		assert.Equal(t, want, got, path)
	}
	_, err := InputFrom(nil, "")()
	require.NoError(t, err)
	_, err = InputFrom(stdin(), filepath.Join(t.TempDir(), "missing.json"))()
	var ierr *event.InputError
	require.ErrorAs(t, err, &ierr)
}
