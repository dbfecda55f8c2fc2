package engine

import (
	"bytes"
	"os"
	"testing"

	"github.com/rs/zerolog"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/planner"
	"github.com/hookexec/hookexec/internal/runner"
	"github.com/hookexec/hookexec/internal/verdict"
)

// TestLogsShowTheConfiguredArgv: the exec form's ${NAME} placeholders are
// substituted from the environment (SPEC §4.2), which may hold secrets; the
// debug log shows the argv as configured, never the substituted values.
// The hook checks that it did get the secret.
func TestLogsShowTheConfiguredArgv(t *testing.T) {
	t.Parallel()
	const secret = "ghp_s3cret-value"
	check := hook{"type": "command", "command": "test", "args": []string{"Bearer ${GITHUB_TOKEN}", "=", "Bearer ${EXPECTED}"}}
	for _, mode := range []struct {
		name string
		def  def
	}{
		{"parallel", group(check)},
		{"sequential", sequential(check)},
	} {
		t.Run(mode.name, func(t *testing.T) {
			t.Parallel()
			f := load(t, "BeforeTool", map[string][]def{"BeforeTool": {mode.def}}, "", planner.Options{})
			var logs bytes.Buffer
			e := f.engine(runner.Options{})
			e.Environ = append(os.Environ(), "GITHUB_TOKEN="+secret, "EXPECTED="+secret)
			e.Log = zerolog.New(&logs).Level(zerolog.DebugLevel)

			v := e.Run(t.Context(), f.plan, f.input)

			require.Equal(t, []verdict.Outcome{verdict.Success}, outcomes(v), "the hook got the substituted value")
			assert.Contains(t, logs.String(), `"argv":["test","Bearer ${GITHUB_TOKEN}","=","Bearer ${EXPECTED}"]`)
			assert.NotContains(t, logs.String(), secret)
		})
	}
}
