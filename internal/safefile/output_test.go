package safefile

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestOpenOutput: --log-file and --trace never follow a symbolic link, so a
// repository cannot point them at ~/.bashrc, and create their file 0600.
func TestOpenOutput(t *testing.T) {
	t.Parallel()
	write := func(f *os.File, err error, s string) {
		t.Helper()
		require.NoError(t, err)
		_, err = f.WriteString(s)
		require.NoError(t, err)
		require.NoError(t, f.Close())
	}
	read := func(path string) string {
		t.Helper()
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		return string(data)
	}

	t.Run("a new file is created 0600", func(t *testing.T) {
		t.Parallel()
		path := filepath.Join(t.TempDir(), "hookexec.log")
		f, err := OpenOutput("--log-file", path, os.O_APPEND)
		write(f, err, "one\n")
		fi, err := os.Stat(path)
		require.NoError(t, err)
		assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
	})
	t.Run("append and truncate", func(t *testing.T) {
		t.Parallel()
		path := filepath.Join(t.TempDir(), "out")
		f, err := OpenOutput("--log-file", path, os.O_APPEND)
		write(f, err, "one\n")
		f, err = OpenOutput("--log-file", path, os.O_APPEND)
		write(f, err, "two\n")
		assert.Equal(t, "one\ntwo\n", read(path))
		f, err = OpenOutput("--trace", path, os.O_TRUNC)
		write(f, err, "{}\n")
		assert.Equal(t, "{}\n", read(path))
	})
	for _, flag := range []string{"--log-file", "--trace"} {
		t.Run(flag+" refuses a symbolic link", func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			target := filepath.Join(dir, "bashrc")
			require.NoError(t, os.WriteFile(target, []byte("export PATH\n"), 0o644))
			link := filepath.Join(dir, "hookexec.log")
			require.NoError(t, os.Symlink(target, link))

			for _, extra := range []int{os.O_APPEND, os.O_TRUNC} {
				f, err := OpenOutput(flag, link, extra)
				require.Error(t, err)
				assert.Nil(t, f)
				assert.Equal(t, flag+" "+link+": is a symbolic link, which hookexec does not follow; give the path of a regular file", err.Error())
			}
			assert.Equal(t, "export PATH\n", read(target), "the link's target is untouched")
		})
		t.Run(flag+" refuses a dangling symbolic link", func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			target := filepath.Join(dir, "profile")
			link := filepath.Join(dir, "trace.json")
			require.NoError(t, os.Symlink(target, link))

			_, err := OpenOutput(flag, link, os.O_TRUNC)
			require.ErrorContains(t, err, flag+" "+link+": is a symbolic link")
			assert.NoFileExists(t, target, "the link's target is not created")
		})
	}
}

// TestOpenOutputHardLink: a second name of a file (a hard link to
// ~/.bashrc in the repository) is refused before anything is written or
// truncated.
func TestOpenOutputHardLink(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		flag  string
		extra int
	}{{"--log-file", os.O_APPEND}, {"--trace", os.O_TRUNC}} {
		t.Run(tt.flag, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			target := filepath.Join(dir, "bashrc")
			require.NoError(t, os.WriteFile(target, []byte("export PATH\n"), 0o644))
			link := filepath.Join(dir, "hookexec.log")
			require.NoError(t, os.Link(target, link))

			f, err := OpenOutput(tt.flag, link, tt.extra)
			require.Error(t, err)
			assert.Nil(t, f)
			assert.Equal(t, tt.flag+" "+link+": has 2 hard links, so writing to it would change another file too; give the path of a file with one name", err.Error())
			data, err := os.ReadFile(target)
			require.NoError(t, err)
			assert.Equal(t, "export PATH\n", string(data), "neither appended to nor truncated")
		})
	}
}
