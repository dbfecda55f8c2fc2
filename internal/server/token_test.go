package server

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTokenPath(t *testing.T) {
	t.Parallel()
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	assert.Equal(t, filepath.Join("/x", "hookexec", "serve-token"), TokenPath(env(map[string]string{"XDG_CONFIG_HOME": "/x"})))
	assert.Empty(t, TokenPath(env(nil)))
}

func TestEnsureTokenCreatesPrivateFile(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "cfg", "hookexec", TokenFile)
	tok, err := EnsureToken(path)
	require.NoError(t, err)
	assert.Len(t, tok, 64)
	_, err = hex.DecodeString(tok)
	require.NoError(t, err)
	again, err := EnsureToken(path)
	require.NoError(t, err)
	assert.Equal(t, tok, again, "the second call reads the same token")
	read, err := ReadToken(path)
	require.NoError(t, err)
	assert.Equal(t, tok, read)
	if runtime.GOOS == "windows" {
		return // no mode bits
	}
	fi, err := os.Stat(path)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), fi.Mode().Perm())
	di, err := os.Stat(filepath.Dir(path))
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o700), di.Mode().Perm())
}

func TestReadTokenRefusesUnsafeFiles(t *testing.T) {
	t.Parallel()
	if runtime.GOOS == "windows" {
		t.Skip("Windows: no mode bits or Unix owner to check")
	}
	good := "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"
	write := func(t *testing.T, mode os.FileMode) string {
		p := filepath.Join(t.TempDir(), TokenFile)
		require.NoError(t, os.WriteFile(p, []byte(good+"\n"), 0o600))
		require.NoError(t, os.Chmod(p, mode))
		return p
	}
	t.Run("group readable", func(t *testing.T) {
		p := write(t, 0o640)
		_, err := ReadToken(p)
		require.Error(t, err)
		assert.Contains(t, err.Error(), "chmod 600 "+p)
		_, err = EnsureToken(p)
		require.Error(t, err, "EnsureToken does not replace or accept it either")
	})
	t.Run("world readable", func(t *testing.T) {
		_, err := ReadToken(write(t, 0o604))
		require.ErrorContains(t, err, "mode 0604")
	})
	t.Run("symlink", func(t *testing.T) {
		target := write(t, 0o600)
		link := filepath.Join(t.TempDir(), TokenFile)
		require.NoError(t, os.Symlink(target, link))
		_, err := ReadToken(link)
		require.ErrorContains(t, err, "symbolic link")
		_, err = EnsureToken(link)
		require.ErrorContains(t, err, "symbolic link")
	})
	t.Run("directory", func(t *testing.T) {
		p := filepath.Join(t.TempDir(), TokenFile)
		require.NoError(t, os.Mkdir(p, 0o700))
		_, err := ReadToken(p)
		require.ErrorContains(t, err, "not a regular file")
	})
	t.Run("fifo", func(t *testing.T) {
		p := filepath.Join(t.TempDir(), TokenFile)
		if err := mkfifo(p); err != nil {
			t.Skip("no FIFO here:", err)
		}
		_, err := ReadToken(p) // must not block on the FIFO either
		require.Error(t, err)
	})
	t.Run("another owner", func(t *testing.T) {
		p := write(t, 0o600)
		_, err := readToken(p, os.Geteuid()+1)
		require.ErrorContains(t, err, "not by you")
	})
	t.Run("not a token", func(t *testing.T) {
		p := filepath.Join(t.TempDir(), TokenFile)
		require.NoError(t, os.WriteFile(p, []byte("short\n"), 0o600))
		_, err := ReadToken(p)
		require.ErrorContains(t, err, "hexadecimal")
	})
	t.Run("no path", func(t *testing.T) {
		_, err := EnsureToken("")
		require.ErrorContains(t, err, "no user config directory")
	})
}

func TestProof(t *testing.T) {
	t.Parallel()
	m := hmac.New(sha256.New, []byte("tok"))
	m.Write([]byte("abc"))
	assert.Equal(t, hex.EncodeToString(m.Sum(nil)), Proof("tok", "abc"))
	assert.NotEqual(t, Proof("tok", "abc"), Proof("tok2", "abc"))
	assert.NotContains(t, Proof("tok", "abc"), "tok")
}
