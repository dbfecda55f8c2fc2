//go:build unix

package runner

import (
	"context"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRunExitCodes(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		script string
		code   int
	}{
		{"zero", "exit 0", 0},
		{"one", "exit 1", 1},
		{"two blocks", "exit 2", 2},
		{"three", "exit 3", 3},
		{"explicit 127", "exit 127", 127},
		{"command not found", "no-such-command-hookexec", 127},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			script := "printf ' out \\n\\n'; printf '\\terr \\n' >&2; " + tt.script
			res := New(Options{}).Run(context.Background(), bash(script))
			require.NoError(t, res.Err)
			assert.Equal(t, Exited, res.Status)
			assert.True(t, res.Started)
			assert.Equal(t, tt.code, res.ExitCode)
			assert.Empty(t, res.Signal)
			assert.Equal(t, " out \n\n", string(res.Stdout), "stdout is not trimmed")
			if tt.name == "command not found" {
				assert.Contains(t, string(res.Stderr), "no-such-command-hookexec")
			} else {
				assert.Equal(t, "\terr \n", string(res.Stderr), "stderr is not trimmed")
			}
			assert.False(t, res.StdoutTruncated)
			assert.False(t, res.StderrTruncated)
			assert.Positive(t, res.Duration)
		})
	}
}

func TestRunSignaled(t *testing.T) {
	t.Parallel()
	tests := []struct {
		script string
		signal string
	}{
		{"echo dying; kill -9 $$", "SIGKILL"},
		{"ulimit -c 0; echo dying; kill -SEGV $$", "SIGSEGV"},
		{"echo dying; kill -ABRT $$", "SIGABRT"},
	}
	for _, tt := range tests {
		t.Run(tt.signal, func(t *testing.T) {
			t.Parallel()
			res := New(Options{}).Run(context.Background(), bash(tt.script))
			require.NoError(t, res.Err)
			assert.Equal(t, Signaled, res.Status)
			assert.True(t, res.Started)
			assert.Equal(t, tt.signal, res.Signal)
			assert.Equal(t, -1, res.ExitCode)
			assert.Equal(t, "dying\n", string(res.Stdout))
		})
	}
}

func TestRunSpawnErrors(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	notExec := filepath.Join(dir, "not-executable.sh")
	require.NoError(t, os.WriteFile(notExec, []byte("#!/bin/sh\necho hi\n"), 0o644))
	file := filepath.Join(dir, "plain-file")
	require.NoError(t, os.WriteFile(file, nil, 0o644))

	tests := []struct {
		name string
		spec Spec
		err  string
	}{
		{
			name: "missing program in exec form",
			spec: Spec{Argv: []string{"nosuch-hookexec-program", "x"}, Env: os.Environ()},
			err:  `exec: "nosuch-hookexec-program": executable file not found in $PATH`,
		},
		{
			name: "program not on the spec's PATH",
			spec: Spec{Argv: []string{"printf", "x"}, Env: []string{"PATH=" + dir}},
			err:  `exec: "printf": executable file not found in $PATH`,
		},
		{
			name: "no PATH at all",
			spec: Spec{Argv: []string{"true"}, Env: []string{"HOME=/"}},
			err:  `exec: "true": executable file not found in $PATH`,
		},
		{
			name: "missing shell",
			spec: Spec{Argv: []string{"/nonexistent/hookexec-shell", "-c", "true"}, Env: os.Environ()},
			err:  "fork/exec /nonexistent/hookexec-shell: no such file or directory",
		},
		{
			name: "missing shell on PATH",
			spec: Spec{Argv: []string{"hookexec-no-such-shell", "-c", "true"}, Env: os.Environ()},
			err:  `exec: "hookexec-no-such-shell": executable file not found in $PATH`,
		},
		{
			name: "not executable",
			spec: Spec{Argv: []string{notExec}, Env: os.Environ()},
			err:  "fork/exec " + notExec + ": permission denied",
		},
		{
			name: "bad dir",
			spec: Spec{Argv: []string{"true"}, Env: os.Environ(), Dir: "/nonexistent/hookexec-dir"},
			err:  "chdir /nonexistent/hookexec-dir: no such file or directory",
		},
		{
			name: "dir is a file",
			spec: Spec{Argv: []string{"true"}, Env: os.Environ(), Dir: file},
			err:  "chdir " + file + ": not a directory",
		},
		{
			name: "empty argv",
			spec: Spec{Env: os.Environ()},
			err:  "runner: empty command",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			res := New(Options{}).Run(context.Background(), tt.spec)
			assert.Equal(t, SpawnFailed, res.Status)
			assert.False(t, res.Started)
			require.Error(t, res.Err)
			assert.Equal(t, tt.err, res.Err.Error())
			assert.Empty(t, res.Stdout)
		})
	}
}

func TestRunExecForm(t *testing.T) {
	t.Parallel()
	bin := t.TempDir()
	hook := filepath.Join(bin, "my-hook")
	require.NoError(t, os.WriteFile(hook, []byte("#!/bin/sh\nprintf '[%s]' \"$@\"; printf '%s' \"$X\" >&2\n"), 0o755))
	// A directory or a non-executable file of the same name earlier on
	// PATH is skipped, as execvp does.
	shadow := t.TempDir()
	require.NoError(t, os.Mkdir(filepath.Join(shadow, "my-hook"), 0o755))
	other := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(other, "my-hook"), nil, 0o644))

	tests := []struct {
		name   string
		spec   Spec
		stdout string
		stderr string
	}{
		{
			name:   "printf keeps argument boundaries",
			spec:   Spec{Argv: []string{"printf", "%s|", "a b", "", "c"}, Env: os.Environ()},
			stdout: "a b||c|",
		},
		{
			name: "lookup on the spec's PATH, not the parent's",
			spec: Spec{
				Argv: []string{"my-hook", "x y", "$HOME"},
				Env:  []string{"PATH=relative/bin:" + shadow + ":" + other + ":" + bin + ":/usr/bin:/bin", "X=1"},
			},
			stdout: "[x y][$HOME]",
			stderr: "1",
		},
		{
			name: "the last of repeated names wins",
			spec: Spec{
				Argv: []string{"my-hook"},
				Env:  []string{"PATH=/nonexistent", "X=first", "PATH=" + bin + ":/usr/bin:/bin", "X=last"},
			},
			stdout: "[]",
			stderr: "last",
		},
		{
			name:   "nil env inherits the runner's",
			spec:   Spec{Argv: []string{"sh", "-c", `test -n "$PATH" && echo ok`}},
			stdout: "ok\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			require.NotContains(t, os.Getenv("PATH"), bin)
			res := New(Options{}).Run(context.Background(), tt.spec)
			require.NoError(t, res.Err)
			assert.Equal(t, Exited, res.Status)
			assert.Equal(t, 0, res.ExitCode)
			assert.Equal(t, tt.stdout, string(res.Stdout))
			assert.Equal(t, tt.stderr, string(res.Stderr))
		})
	}
}

func TestRunDirAndSession(t *testing.T) {
	t.Parallel()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	require.NoError(t, err)
	// ps prints the session id and process group of the shell itself; with
	// Setsid both equal its pid, and there is no controlling terminal.
	spec := bash(`pwd; ps -o sid=,pgid=,tty= -p $$; echo $$`)
	spec.Dir = dir
	res := New(Options{}).Run(context.Background(), spec)
	require.NoError(t, res.Err)
	require.Equal(t, Exited, res.Status)
	lines := splitLines(string(res.Stdout))
	require.Len(t, lines, 3, "stdout: %q", res.Stdout)
	assert.Equal(t, dir, lines[0])
	pid := lines[2]
	assert.Equal(t, []string{pid, pid, "?"}, fields(lines[1]))
	assert.NotEqual(t, pid, itoa(syscall.Getpgrp()))
}

func TestRunContextAlreadyCancelled(t *testing.T) {
	t.Parallel()
	marker := filepath.Join(t.TempDir(), "ran")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res := New(Options{}).Run(ctx, bash(`touch "$M"`, "M="+marker))
	assert.Equal(t, Cancelled, res.Status)
	assert.False(t, res.Started)
	assert.NoError(t, res.Err)
	assert.NoFileExists(t, marker)
}

func TestRunAfterKillAllIsNotStarted(t *testing.T) {
	t.Parallel()
	marker := filepath.Join(t.TempDir(), "ran")
	r := New(Options{})
	r.KillAll()
	res := r.Run(context.Background(), bash(`touch "$M"`, "M="+marker))
	assert.Equal(t, Cancelled, res.Status)
	assert.False(t, res.Started)
	assert.NoFileExists(t, marker)
}

func TestSignalName(t *testing.T) {
	t.Parallel()
	tests := map[syscall.Signal]string{
		syscall.SIGKILL: "SIGKILL",
		syscall.SIGSEGV: "SIGSEGV",
		syscall.SIGTERM: "SIGTERM",
		syscall.SIGHUP:  "SIGHUP",
		syscall.SIGSYS:  "SIGSYS",
		34:              "SIGRTMIN",
		40:              "SIGRTMIN+6",
		99:              "SIG99",
	}
	for sig, want := range tests {
		assert.Equal(t, want, signalName(sig))
	}
}

func TestHasProgram(t *testing.T) {
	t.Parallel()
	bin := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(bin, "my-hook"), []byte("#!/bin/sh\n"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(bin, "not-exec"), nil, 0o644))
	env := []string{"PATH=" + bin + ":/usr/bin:/bin"}
	tests := []struct {
		name string
		want bool
	}{
		{"my-hook", true},
		{"bash", true},
		{"not-exec", false},
		{"no-such-hookexec-program", false},
		{filepath.Join(bin, "my-hook"), true},
		{filepath.Join(bin, "not-exec"), false},
		{"", false},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, HasProgram(tt.name, env), tt.name)
	}
	assert.False(t, HasProgram("my-hook", os.Environ()), "only env's PATH is searched")
}
