package registry

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestShellArgv(t *testing.T) {
	t.Parallel()
	tests := []struct {
		shell string
		want  []string
	}{
		{"bash", []string{"bash", "-c", "echo hi"}},
		{"/bin/sh", []string{"/bin/sh", "-c", "echo hi"}},
		{`C:\Program Files\Git\bin\bash.exe`, []string{`C:\Program Files\Git\bin\bash.exe`, "-c", "echo hi"}},
		{`C:\Windows\system32\cmd.exe`, []string{`C:\Windows\system32\cmd.exe`, "/d", "/s", "/c", "echo hi"}},
		{"CMD", []string{"CMD", "/d", "/s", "/c", "echo hi"}},
		{"pwsh", []string{"pwsh", "-NoProfile", "-NonInteractive", "-Command", "echo hi"}},
		{`C:\Windows\System32\WindowsPowerShell\v1.0\powershell.exe`, []string{`C:\Windows\System32\WindowsPowerShell\v1.0\powershell.exe`, "-NoProfile", "-NonInteractive", "-Command", "echo hi"}},
		{"zsh", []string{"zsh", "-c", "echo hi"}},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, ShellArgv(tt.shell, "echo hi"), tt.shell)
	}
}

// The Windows default shells, found as Claude Code finds Git Bash; the
// logic runs here with Unix paths.
func TestGitBashLookup(t *testing.T) {
	t.Parallel()
	root := tempDir(t)
	gitCmd := filepath.Join(root, "Git", "cmd")
	require.NoError(t, os.MkdirAll(gitCmd, 0o755))
	git := "git"
	if runtime.GOOS == "windows" {
		git = "git.exe"
	}
	require.NoError(t, os.WriteFile(filepath.Join(gitCmd, git), nil, 0o755))
	env := func(vars map[string]string) func(string) string {
		return func(k string) string { return vars[k] }
	}
	assert.Equal(t, []string{"cmd.exe"}, windowsShells(nil), "no variables: cmd.exe")
	assert.Equal(t, []string{"cmd.exe"}, windowsShells(env(nil)))
	assert.Equal(t,
		[]string{
			filepath.Join(root, "custom", "bash.exe"),
			filepath.Join(root, "Git", "bin", "bash.exe"),
			filepath.Join(root, "PF", "Git", "bin", "bash.exe"),
			filepath.Join(root, "cmd.exe"),
		},
		windowsShells(env(map[string]string{
			"CLAUDE_CODE_GIT_BASH_PATH": filepath.Join(root, "custom", "bash.exe"),
			"PATH":                      gitCmd,
			"ProgramFiles":              filepath.Join(root, "PF"),
			"ComSpec":                   filepath.Join(root, "cmd.exe"),
		})))
}
