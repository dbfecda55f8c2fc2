//go:build unix

package setup

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A .gitignore the repository ships as a FIFO is not read (the read would
// hang install): install goes on, and warns as for none.
func TestInstallGitignoreFIFO(t *testing.T) {
	t.Parallel()
	env := newShapeEnv(t)
	require.NoError(t, os.Mkdir(filepath.Join(env.project, ".git"), 0o755))
	require.NoError(t, syscall.Mkfifo(filepath.Join(env.project, ".gitignore"), 0o644))
	res, err := Install(InstallOptions{Agent: claudeAgent(), Scope: ProjectScope, ProjectDir: env.project, Getenv: env.getenv, Program: testProgram})
	require.NoError(t, err)
	require.Len(t, res.Warnings, 1)
	assert.Contains(t, res.Warnings[0], "no .gitignore of the project ignores .claude/settings.local.json")
}
