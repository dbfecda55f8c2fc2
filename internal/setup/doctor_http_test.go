package setup

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// doctor checks install --http's whole path: entries, the token against
// the token file, the file's mode, and the server (through the probe the
// command wires).
func TestDoctorHTTP(t *testing.T) {
	t.Parallel()
	env := newShapeEnv(t)
	writeTestFile(t, filepath.Join(env.project, ".hookexec", "hooks.json"), `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"true"}]}]}}`, 0o644)
	_, err := Install(httpOpts(env, UserScope))
	require.NoError(t, err)
	settings := filepath.Join(env.home, ".claude", "settings.json")

	probe := func(version string, state ServerState, err error) *ServeProbe {
		return &ServeProbe{TokenPath: "serve-token", Token: testToken, Probe: func(_ context.Context, addr, token string) (string, ServerState, error) {
			assert.Equal(t, "127.0.0.1:41234", addr)
			_ = token
			return version, state, err
		}}
	}
	find := func(r *Report, name string) Check {
		for _, c := range r.Checks {
			if c.Name == name {
				return c
			}
		}
		t.Fatalf("no check %q in %+v", name, r.Checks)
		return Check{}
	}
	run := func(s *ServeProbe) *Report {
		return Doctor(context.Background(), DoctorOptions{ProjectDir: env.project, Getenv: env.getenv, Agents: []Agent{claudeAgent()}, Program: testProgram, Version: "1.2.3", Serve: s})
	}

	r := run(probe("1.2.3", ServerAnswers, nil))
	for _, name := range []string{"claude http entries", "claude http token", "claude http server", "claude events", "claude onFailure"} {
		assert.True(t, find(r, name).OK, "%s: %+v", name, find(r, name))
	}

	tests := []struct {
		name, check, detail, fix string
		serve                    *ServeProbe
	}{
		{"down", "claude http server", "nothing answers at 127.0.0.1:41234", "start it: hookexec serve --http 127.0.0.1:41234 --ensure", probe("", ServerDown, errors.New("connection refused"))},
		{"squatted", "claude http server", "does not hold your serve token answers at 127.0.0.1:41234", "--http-addr", probe("", ServerForeign, errors.New("no proof"))},
		{"stale", "claude http server", "hookexec serve 1.0.0 answers", "restart it: hookexec serve --http 127.0.0.1:41234 --ensure", probe("1.0.0", ServerAnswers, nil)},
		{"other token", "claude http token", "is not the token in serve-token", "install claude --http", &ServeProbe{TokenPath: "serve-token", Token: "feed", Probe: probe("1.2.3", ServerAnswers, nil).Probe}},
		{"no token file", "claude http token", "serve-token: missing", "creates the token file", &ServeProbe{TokenPath: "serve-token", TokenErr: errors.New("missing")}},
	}
	for _, tt := range tests {
		c := find(run(tt.serve), tt.check)
		assert.False(t, c.OK, tt.name)
		assert.Contains(t, c.Detail, tt.detail, tt.name)
		assert.Contains(t, c.Fix, tt.fix, tt.name)
	}

	if runtime.GOOS != "windows" {
		require.NoError(t, os.Chmod(settings, 0o644))
		c := find(run(probe("1.2.3", ServerAnswers, nil)), "claude http token")
		assert.False(t, c.OK)
		assert.Contains(t, c.Fix, "chmod 600")
		require.NoError(t, os.Chmod(settings, 0o600))
	}

	// An entry whose header lost its variable, and an entry without the
	// SessionStart that starts the server.
	data, err := os.ReadFile(settings)
	require.NoError(t, err)
	broken := []byte(strings.Replace(string(data), `"HOOKEXEC_SERVE_TOKEN",`, ``, 1))
	require.NoError(t, os.WriteFile(settings, broken, 0o600))
	c := find(run(nil), "claude http entries")
	assert.False(t, c.OK)
	assert.Contains(t, c.Detail, "allowedEnvVars lacks HOOKEXEC_SERVE_TOKEN")
}
