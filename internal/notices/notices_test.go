package notices

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func stateEnv(dir string) func(string) string {
	return func(k string) string {
		if k == "XDG_STATE_HOME" {
			return dir
		}
		return ""
	}
}

func TestGivenOncePerSessionAndNotice(t *testing.T) {
	t.Parallel()
	env := stateEnv(t.TempDir())
	a := Open(env, "session-a")
	assert.False(t, a.Given("two hooks skipped"), "first time: not given yet")
	assert.True(t, a.Given("two hooks skipped"), "second time: given")
	assert.True(t, Open(env, "session-a").Given("two hooks skipped"), "another process of the same session")
	assert.False(t, Open(env, "session-b").Given("two hooks skipped"), "another session")
	assert.False(t, a.Given("three hooks skipped"), "another notice (the configs changed)")
	assert.True(t, a.Given("three hooks skipped"))
}

func TestNoSessionNoMemory(t *testing.T) {
	t.Parallel()
	env := stateEnv(t.TempDir())
	missingHome := filepath.Join(t.TempDir(), "no-home")
	noHome := func(k string) string {
		if k == "HOME" {
			return missingHome
		}
		return ""
	}
	for _, l := range []*Log{Open(env, ""), Open(env, "  "), Open(func(string) string { return "" }, "s"), Open(noHome, "s"), nil} {
		assert.False(t, l.Given("n"))
		assert.False(t, l.Given("n"), "never remembered: told every time")
	}
	assert.NoDirExists(t, missingHome, "a missing home directory is never made up")
}

func TestModesAndPlace(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Unix modes")
	}
	t.Parallel()
	base := t.TempDir()
	l := Open(stateEnv(base), "s")
	require.False(t, l.Given("n"))
	dir := filepath.Join(base, "hookexec", "notices")
	fi, err := os.Stat(dir)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o700), fi.Mode().Perm())
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	require.Len(t, entries, 1)
	info, err := entries[0].Info()
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), info.Mode().Perm())
	assert.Equal(t, filepath.Join(base, "hookexec", "notices"), Dir(stateEnv(base)))
	assert.Equal(t, filepath.Join("/h", ".local", "state", "hookexec", "notices"), Dir(func(k string) string {
		if k == "HOME" {
			return "/h"
		}
		return ""
	}))
}

// TestRefusesUnsafeState: a directory others can write, or a link where a
// marker goes, is never trusted to say "given"; a link is never written
// through.
func TestRefusesUnsafeState(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Unix modes and links")
	}
	t.Parallel()
	t.Run("writable by others", func(t *testing.T) {
		base := t.TempDir()
		dir := filepath.Join(base, "hookexec", "notices")
		require.NoError(t, os.MkdirAll(dir, 0o700))
		require.NoError(t, os.Chmod(dir, 0o777))
		l := Open(stateEnv(base), "s")
		assert.False(t, l.Given("n"))
		assert.False(t, l.Given("n"), "told again")
	})
	t.Run("link at the marker", func(t *testing.T) {
		base := t.TempDir()
		l := Open(stateEnv(base), "s")
		require.False(t, l.Given("n"))
		dir := filepath.Join(base, "hookexec", "notices")
		entries, err := os.ReadDir(dir)
		require.NoError(t, err)
		marker := filepath.Join(dir, entries[0].Name())
		content, err := os.ReadFile(marker)
		require.NoError(t, err)
		target := filepath.Join(base, "target")
		require.NoError(t, os.WriteFile(target, content, 0o600))
		require.NoError(t, os.Remove(marker))
		require.NoError(t, os.Symlink(target, marker))
		assert.False(t, l.Given("n"), "a link is not read")
		after, err := os.ReadFile(target)
		require.NoError(t, err)
		assert.Equal(t, content, after, "the link's target is untouched")
		fi, err := os.Lstat(marker)
		require.NoError(t, err)
		assert.True(t, fi.Mode().IsRegular(), "the link was replaced")
	})
}

func TestPruneBounds(t *testing.T) {
	t.Parallel()
	base := t.TempDir()
	dir := filepath.Join(base, "hookexec", "notices")
	require.NoError(t, os.MkdirAll(dir, 0o700))
	old := time.Now().Add(-time.Hour)
	for i := range MaxFiles {
		p := filepath.Join(dir, fmt.Sprintf("m%04d", i))
		require.NoError(t, os.WriteFile(p, []byte("x\n"), 0o600))
		require.NoError(t, os.Chtimes(p, old, old.Add(time.Duration(i)*time.Second)))
	}
	require.False(t, Open(stateEnv(base), "new").Given("n"))
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Len(t, entries, KeepFiles)
	_, err = os.Stat(filepath.Join(dir, "m0000"))
	assert.ErrorIs(t, err, os.ErrNotExist, "the oldest went")
	assert.True(t, Open(stateEnv(base), "new").Given("n"), "the newest stayed")
}

// A session remembers several notices (the notice of hooks left out and
// each warning about a hook's answer), the latest maxRemembered of them.
func TestGivenRemembersSeveralNotices(t *testing.T) {
	t.Parallel()
	a := Open(stateEnv(t.TempDir()), "session-a")
	assert.False(t, a.Given("skipped"))
	assert.False(t, a.Given("warning 1"))
	assert.True(t, a.Given("skipped"), "a second notice does not make the first one forgotten")
	assert.True(t, a.Given("warning 1"))
	for i := range maxRemembered {
		assert.False(t, a.Given(fmt.Sprint("more ", i)))
	}
	assert.False(t, a.Given("skipped"), "the oldest is forgotten past maxRemembered")
	assert.True(t, a.Given(fmt.Sprint("more ", maxRemembered-1)))
}
