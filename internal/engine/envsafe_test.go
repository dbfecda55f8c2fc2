package engine

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/planner"
	"github.com/hookexec/hookexec/internal/runner"
	"github.com/hookexec/hookexec/internal/verdict"
)

func TestInputEnvValue(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		in, want string
		changed  bool
	}{
		{"s-1", "s-1", false},
		{"", "", false},
		{"a\x00b", "a\uFFFDb", true},
		{strings.Repeat("x", MaxInputEnvValue), strings.Repeat("x", MaxInputEnvValue), false},
		{strings.Repeat("x", MaxInputEnvValue+1), strings.Repeat("x", MaxInputEnvValue), true},
		// A 3-byte character across the cut is left out whole.
		{strings.Repeat("x", MaxInputEnvValue-1) + "€", strings.Repeat("x", MaxInputEnvValue-1), true},
	} {
		got, changed := inputEnvValue(c.in)
		assert.Equal(t, c.want, got)
		assert.Equal(t, c.changed, changed)
		assert.True(t, utf8.ValidString(got))
		assert.LessOrEqual(t, len(got), MaxInputEnvValue)
		assert.NotContains(t, got, "\x00")
	}
}

// A NUL or a 200 KB session_id or cwd in the input reaches no hook's
// environment as it is: the hooks start (no spawn_error, which fails
// open) and see the safe value (SPEC §4.3).
func TestHostileInputReachesEnvironmentSafely(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("s", 200<<10)
	for name, c := range map[string]struct {
		sessionID, cwd string
		wantID         string
	}{
		"nul":  {sessionID: "a\x00b", cwd: "/tmp/\x00x", wantID: "a\uFFFDb"},
		"long": {sessionID: long, cwd: "/" + long, wantID: long[:MaxInputEnvValue]},
	} {
		input, err := json.Marshal(map[string]string{"tool_name": "x", "session_id": c.sessionID, "cwd": c.cwd})
		require.NoError(t, err)
		events := map[string][]def{"BeforeTool": {group(printEnv(nil))}}
		f := load(t, "BeforeTool", events, string(input), planner.Options{})
		v := f.engine(runner.Options{}).Run(t.Context(), f.plan, f.input)

		require.Equal(t, []verdict.Outcome{verdict.Success}, outcomes(v), name+": "+v.Hooks[0].Error)
		env := envMap(v.Hooks[0].Stdout)
		assert.Equal(t, c.wantID, env["HOOKEXEC_SESSION_ID"], name)
		assert.Equal(t, c.wantID, env["GEMINI_SESSION_ID"], name)
		assert.LessOrEqual(t, len(env["HOOKEXEC_CWD"]), MaxInputEnvValue, name)
		assert.NotContains(t, env["HOOKEXEC_CWD"], "\x00", name)
	}
}

// A HOOKEXEC_DEPTH no nested fire writes is told
// apart from a count, so that fire can deny for it.
func TestDepthMalformed(t *testing.T) {
	for v, want := range map[string]bool{
		"": false, " ": false, "0": false, "8": false, " 12 ": false,
		"x": true, "-1": true, "1.5": true, "99999999999999999999": true, "0x8": true,
	} {
		assert.Equal(t, want, DepthMalformed(v), "%q", v)
	}
}
