package setup

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/agents/kimi"
)

// TestInstallCapsTimeout: a policy longer than Kimi Code's 600 s (900 s here) gets an
// entry of 600 s (a longer one makes Kimi refuse its whole config.toml),
// and doctor says the policy may outlast it; an entry set over 600 s by
// hand is reported as one Kimi refuses.
func TestInstallCapsTimeout(t *testing.T) {
	t.Parallel()
	env := newShapeEnv(t)
	writeTestFile(t, filepath.Join(env.project, ".hookexec", "hooks.json"), `{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","command":"true","timeout":900000}]}]}}`, 0o644)
	ag := kimi.Agent()
	res, err := Install(InstallOptions{Agent: ag, Scope: UserScope, ProjectDir: env.project, Getenv: env.getenv, Program: testProgram})
	require.NoError(t, err)
	as, err := readInstalled(ag, UserScope, res.Path, testProgram)
	require.NoError(t, err)
	require.NotEmpty(t, as.fires)
	for _, e := range as.fires {
		assert.LessOrEqual(t, e.Timeout, 600.0, "%s: no more than Kimi accepts", e.Key)
	}
	dopts := DoctorOptions{ProjectDir: env.project, Getenv: env.getenv, Agents: []Agent{ag}, Program: testProgram, Version: "dev"}
	c, ok := checkNamed(Doctor(context.Background(), dopts), "kimi timeouts")
	require.True(t, ok)
	assert.False(t, c.OK)
	assert.Contains(t, c.Fix, "at most 10m0s")

	data, err := os.ReadFile(res.Path)
	require.NoError(t, err)
	require.Contains(t, string(data), "timeout = 600")
	require.NoError(t, os.WriteFile(res.Path, []byte(strings.ReplaceAll(string(data), "timeout = 600", "timeout = 700")), 0o644))
	writeTestFile(t, filepath.Join(env.project, ".hookexec", "hooks.json"), `{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","command":"true"}]}]}}`, 0o644)
	c, _ = checkNamed(Doctor(context.Background(), dopts), "kimi timeouts")
	assert.False(t, c.OK)
	assert.Contains(t, c.Detail, "over the 10m0s Kimi Code accepts")
	assert.Contains(t, c.Fix, "at most 600")
}
