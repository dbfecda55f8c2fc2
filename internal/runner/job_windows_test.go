package runner

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// cmdExe is cmd.exe as the default shell finds it.
func cmdExe() string {
	if c := os.Getenv("ComSpec"); c != "" {
		return c
	}
	return "cmd.exe"
}

// cmd.exe gets its command verbatim after /c: quotes, spaces and %VAR%
// reach it as written (Go's quoting would turn " into \").
func TestCmdShellGetsTheCommandVerbatim(t *testing.T) {
	t.Parallel()
	spec := Spec{
		Argv: []string{cmdExe(), "/d", "/s", "/c", `echo %OS%& echo "a  b" & echo err 1>&2 & exit 3`},
		Env:  os.Environ(),
	}
	res := New(Options{}).Run(context.Background(), spec)
	require.NoError(t, res.Err)
	assert.Equal(t, Exited, res.Status)
	assert.Equal(t, 3, res.ExitCode)
	out := strings.ReplaceAll(string(res.Stdout), "\r\n", "\n")
	assert.Equal(t, "Windows_NT\n\"a  b\" \n", out)
	assert.Contains(t, string(res.Stderr), "err")
}

func TestCommandLine(t *testing.T) {
	t.Parallel()
	assert.Equal(t, `C:\Windows\system32\cmd.exe /d /s /c "echo "x y" & exit 2"`,
		commandLine([]string{`C:\Windows\system32\cmd.exe`, "/d", "/s", "/c", `echo "x y" & exit 2`}))
	assert.Equal(t, `"C:\Program Files\cmd.EXE" /C "dir"`, commandLine([]string{`C:\Program Files\cmd.EXE`, "/C", "dir"}))
	assert.Empty(t, commandLine([]string{"bash.exe", "-c", `echo "x"`}), "other programs: Go's quoting")
	assert.Empty(t, commandLine([]string{"cmd.exe", "/?"}), "no /c: Go's quoting")
}

// Every process the hook starts is in its job, also one started with
// `start` (a new console process that does not wait): a timeout kills it.
func TestTimeoutKillsProcessesStartedByCmd(t *testing.T) {
	t.Parallel()
	n := 40000 + os.Getpid()%20000
	started, waited := fmt.Sprintf("-n %d ", n), fmt.Sprintf("-n %d ", n+1)
	spec := Spec{
		Argv: []string{cmdExe(), "/d", "/s", "/c",
			fmt.Sprintf("start /b ping %s127.0.0.1 >NUL & echo started& ping %s127.0.0.1 >NUL", started, waited)},
		Env:     os.Environ(),
		Timeout: startAllowance(),
	}
	res := New(Options{KillGrace: 500 * time.Millisecond}).Run(context.Background(), spec)
	require.NoError(t, res.Err)
	assert.Equal(t, TimedOut, res.Status)
	assert.Equal(t, -1, res.ExitCode)
	assert.Contains(t, string(res.Stdout), "started", "both pings had started")
	assert.Empty(t, survivors(t, "ping "+started), "the process started with start /b is gone")
	assert.Empty(t, survivors(t, "ping "+waited), "the process cmd waited for is gone")
}

func TestLookPathWithPATHEXT(t *testing.T) {
	t.Parallel()
	dir, other := tempDir(t), tempDir(t)
	for _, f := range []string{filepath.Join(dir, "tool.CMD"), filepath.Join(dir, "plain"), filepath.Join(other, "tool.exe")} {
		require.NoError(t, os.WriteFile(f, nil, 0o644))
	}
	require.NoError(t, os.Mkdir(filepath.Join(dir, "sub.exe"), 0o755))
	env := []string{"Path=relative;" + dir + ";" + other, "PATHEXT=.EXE;.CMD"}

	got, err := lookPath("tool", env)
	require.NoError(t, err)
	// PATH order first, then PATHEXT order; the extension as PATHEXT has
	// it, lower-cased (as os/exec does), which names the same file.
	assert.Equal(t, filepath.Join(dir, "tool.cmd"), got)
	got, err = lookPath("tool.exe", env)
	require.NoError(t, err)
	assert.Equal(t, filepath.Join(other, "tool.exe"), got)
	got, err = lookPath(filepath.Join(dir, "tool"), env)
	require.NoError(t, err)
	assert.Equal(t, filepath.Join(dir, "tool.cmd"), got, "a path gets an extension too")
	for _, missing := range []string{"plain", "sub", "nothing"} {
		_, err = lookPath(missing, env)
		assert.Error(t, err, missing)
	}
	assert.True(t, HasProgram("tool", env))
	assert.True(t, HasProgram("TOOL", []string{"PATH=" + dir}), "default PATHEXT, names compared as Windows does")
	assert.False(t, HasProgram("plain", env), "no extension of PATHEXT")
}

func TestEnvNamesAreCaseInsensitive(t *testing.T) {
	t.Parallel()
	env := dedupEnv([]string{"Path=a", "X=1", "PATH=b", "=C:=C:\\dir", "=D:=D:\\"})
	assert.Equal(t, []string{"X=1", "PATH=b", "=C:=C:\\dir", "=D:=D:\\"}, env)
	v, ok := envValue(env, "path")
	assert.True(t, ok)
	assert.Equal(t, "b", v)
}
