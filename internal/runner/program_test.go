//go:build unix

package runner

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A Program found by LookProgram spares the spawn its PATH search only for
// the same name on the same PATH: any other spec looks its program up.
func TestSpecProgramUsedOnlyForTheSameNameAndPath(t *testing.T) {
	t.Parallel()
	one, two := t.TempDir(), t.TempDir()
	write := func(dir, out string) {
		require.NoError(t, os.WriteFile(filepath.Join(dir, "my-shell"), []byte("#!/bin/sh\necho "+out+"\n"), 0o755))
	}
	write(one, "one")
	write(two, "two")
	envOne := []string{"PATH=" + one + ":/usr/bin:/bin"}
	envTwo := []string{"PATH=" + two + ":/usr/bin:/bin"}
	prog, ok := LookProgram("my-shell", envOne)
	require.True(t, ok)
	_, ok = LookProgram("no-such-hookexec-program", envOne)
	assert.False(t, ok)

	run := func(argv0 string, env []string) Result {
		return New(Options{}).Run(context.Background(), Spec{Argv: []string{argv0}, Program: prog, Env: env, Dir: one})
	}
	res := run("my-shell", envOne)
	require.Equal(t, Exited, res.Status, res.Err)
	assert.Equal(t, "one\n", string(res.Stdout))

	// Another PATH: looked up there.
	res = run("my-shell", envTwo)
	require.Equal(t, Exited, res.Status, res.Err)
	assert.Equal(t, "two\n", string(res.Stdout))

	// Another name: looked up, and not found.
	res = run("no-such-hookexec-program", envOne)
	assert.Equal(t, SpawnFailed, res.Status)

	// The path found is what runs, without another search: gone from
	// the PATH since, the spawn fails rather than finding another one.
	require.NoError(t, os.Remove(filepath.Join(one, "my-shell")))
	write(two, "two")
	res = run("my-shell", append(envOne, "PATH="+one+":"+two))
	assert.Equal(t, Exited, res.Status, "another PATH value: looked up")
	assert.Equal(t, "two\n", string(res.Stdout))
	res = run("my-shell", envOne)
	assert.Equal(t, SpawnFailed, res.Status, "the same PATH: the path found is used")
}
