package setup

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// gitRepo makes a repository in a new directory with index version
// version, adding files (created with "{}"), or skips the test without
// git.
func gitRepo(t *testing.T, version string, files ...string) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "HOME="+dir, "GIT_INDEX_VERSION="+version)
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, string(out))
	}
	init := []string{"init", "-q"}
	if version == "sha256" {
		init, version = append(init, "--object-format=sha256"), "2"
	}
	git(init...)
	for _, f := range files {
		p := filepath.Join(dir, f)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte("{}"), 0o644))
	}
	git(append([]string{"add"}, files...)...)
	return dir
}

// SPEC §2.5: install --http never writes the serve token into a file git
// tracks; the index is read without running git (versions 2 to 4).
func TestTrackedByGit(t *testing.T) {
	t.Parallel()
	for _, version := range []string{"2", "3", "4", "sha256"} {
		t.Run("index v"+version, func(t *testing.T) {
			t.Parallel()
			dir := gitRepo(t, version, ".claude/settings.local.json", "a", "sub/deep/b.json")
			require.NoError(t, os.WriteFile(filepath.Join(dir, ".claude", "settings.json"), []byte("{}"), 0o644))
			tracked, root := trackedByGit(filepath.Join(dir, ".claude", "settings.local.json"))
			assert.True(t, tracked)
			assert.Equal(t, dir, root)
			tracked, _ = trackedByGit(filepath.Join(dir, "sub", "deep", "b.json"))
			assert.True(t, tracked)
			tracked, _ = trackedByGit(filepath.Join(dir, ".claude", "settings.json"))
			assert.False(t, tracked, "an untracked file")

			err := refuseTracked(filepath.Join(dir, ".claude", "settings.local.json"))
			require.Error(t, err)
			assert.Contains(t, err.Error(), "git tracks .claude/settings.local.json")
			assert.Contains(t, err.Error(), "git rm --cached .claude/settings.local.json")
			assert.NoError(t, refuseTracked(filepath.Join(dir, ".claude", "settings.json")))
		})
	}
	t.Run("no repository", func(t *testing.T) {
		t.Parallel()
		assert.NoError(t, refuseTracked(filepath.Join(t.TempDir(), ".claude", "settings.local.json")))
	})
	t.Run("not an index", func(t *testing.T) {
		t.Parallel()
		_, err := indexNames([]byte("DIRC\x00\x00\x00\x02\x00\x00\x00\x05short"))
		assert.Error(t, err)
	})
}
