package trust

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestBlobsKeepVerifyPrune(t *testing.T) {
	t.Parallel()
	if !CopiesSupported {
		t.Skip("no copies on this platform")
	}
	base := t.TempDir()
	store := OpenStore(func(k string) string {
		if k == "XDG_DATA_HOME" {
			return base
		}
		return ""
	})
	b := BlobsOf(store)
	require.Equal(t, filepath.Join(base, "hookexec", "blobs"), b.Dir)

	src := filepath.Join(base, "x.sh")
	require.NoError(t, os.WriteFile(src, []byte("echo a\n"), 0o644))
	pin := Hash([]byte("echo a\n"))

	_, err := b.Keep(src, Hash([]byte("other")))
	require.ErrorIs(t, err, errChanged, "content that is not the pin is never copied")

	dst, err := b.Keep(src, pin)
	require.NoError(t, err)
	assert.Equal(t, b.Path(pin), dst)
	assert.True(t, b.Verified(pin))
	fi, err := os.Stat(dst)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o500), fi.Mode().Perm())
	di, err := os.Stat(b.Dir)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o700), di.Mode().Perm())

	// A copy that was altered is not the trusted content.
	require.NoError(t, os.Chmod(dst, 0o600))
	require.NoError(t, os.WriteFile(dst, []byte("echo b\n"), 0o600))
	assert.False(t, b.Verified(pin))
	_, err = b.Keep(src, pin) // replaced by rename
	require.NoError(t, err)
	assert.True(t, b.Verified(pin))

	// A link in the store is never followed.
	link := b.Path(Hash([]byte("echo c\n")))
	require.NoError(t, os.Symlink(src, link))
	assert.False(t, b.Verified(Hash([]byte("echo c\n"))))

	// Pruning keeps what a trusted version pins and drops the rest.
	_, err = store.Add(filepath.Join(base, "p"), NewVersion(map[string]string{".hookexec/x.sh": pin}, nil, nil, nil, time.Now()))
	require.NoError(t, err)
	require.NoError(t, b.Prune(store))
	assert.True(t, b.Verified(pin))
	_, err = os.Lstat(link)
	assert.True(t, os.IsNotExist(err), "unreferenced entries are removed")

	removed, err := store.Remove(filepath.Join(base, "p"))
	require.NoError(t, err)
	require.True(t, removed)
	require.NoError(t, b.Prune(store))
	assert.False(t, b.Verified(pin), "no trusted version pins it any more")

	assert.Empty(t, b.Path("absent"), "only content pins have copies")
	assert.Empty(t, b.Path("sha256:../../etc/passwd"))
}
