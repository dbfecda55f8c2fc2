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
// version ("split": version 2 split with core.splitIndex), adding files
// (created with "{}"), or skips the test without git.
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
	split := version == "split"
	switch version {
	case "sha256":
		init, version = append(init, "--object-format=sha256"), "2"
	case "split":
		version = "2"
	}
	git(init...)
	for _, f := range files {
		p := filepath.Join(dir, f)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte("{}"), 0o644))
	}
	git(append([]string{"add"}, files...)...)
	if split {
		git("update-index", "--split-index")
	}
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
			tracked, root, rel, err := trackedByGit(filepath.Join(dir, ".claude", "settings.local.json"))
			require.NoError(t, err)
			assert.True(t, tracked)
			assert.Equal(t, dir, root)
			assert.Equal(t, ".claude/settings.local.json", rel)
			tracked, _, _, err = trackedByGit(filepath.Join(dir, "sub", "deep", "b.json"))
			require.NoError(t, err)
			assert.True(t, tracked)
			tracked, _, _, err = trackedByGit(filepath.Join(dir, ".claude", "settings.json"))
			require.NoError(t, err)
			assert.False(t, tracked, "an untracked file")

			err = refuseTracked(filepath.Join(dir, ".claude", "settings.local.json"))
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
	// An index hookexec cannot read does not let the token through: it
	// cannot tell whether the file is tracked, so install refuses.
	t.Run("unreadable index", func(t *testing.T) {
		t.Parallel()
		dir := gitRepo(t, "2", "a")
		require.NoError(t, os.WriteFile(filepath.Join(dir, ".git", "index"), []byte("DIRC\x00\x00\x00\x09junk"), 0o644))
		err := refuseTracked(filepath.Join(dir, ".claude", "settings.local.json"))
		require.Error(t, err)
		assert.Contains(t, err.Error(), "cannot tell whether git tracks .claude/settings.local.json")
		assert.Contains(t, err.Error(), "git ls-files .claude/settings.local.json")
	})
	t.Run("no index yet", func(t *testing.T) {
		t.Parallel()
		dir := t.TempDir()
		require.NoError(t, os.Mkdir(filepath.Join(dir, ".git"), 0o755))
		assert.NoError(t, refuseTracked(filepath.Join(dir, ".claude", "settings.local.json")))
	})
	t.Run("split index", func(t *testing.T) {
		t.Parallel()
		dir := gitRepo(t, "split", ".claude/settings.local.json")
		err := refuseTracked(filepath.Join(dir, ".claude", "settings.local.json"))
		require.Error(t, err)
		assert.Contains(t, err.Error(), "the git index is split")
		assert.True(t, splitIndex([]byte("TREE\x00\x00\x00\x02ablink\x00\x00\x00\x01x")))
		assert.False(t, splitIndex([]byte("TREE\x00\x00\x00\x02ab")))
	})
	t.Run("not an index", func(t *testing.T) {
		t.Parallel()
		_, err := indexNames([]byte("DIRC\x00\x00\x00\x02\x00\x00\x00\x05short"))
		assert.Error(t, err)
	})
}
