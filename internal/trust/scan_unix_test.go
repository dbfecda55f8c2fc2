//go:build unix

package trust

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A link is pinned by what it reaches, never by its text; what cannot be
// pinned by content is refused by name, without being read.
func TestScanPinsEveryEntryByContent(t *testing.T) {
	t.Parallel()
	root, _ := project(t)
	require.NoError(t, os.Symlink("/dev/zero", filepath.Join(root, ".hookexec", "zero")))
	require.NoError(t, syscall.Mkfifo(filepath.Join(root, ".hookexec", "fifo"), 0o644))
	snap, err := Scan(root)
	require.NoError(t, err)
	assert.Equal(t, Hash([]byte(`{"hooks":{}}`)), snap.Pin(".hookexec/hooks.json"))
	assert.Equal(t, Hash([]byte(`{}`)), snap.Pin(".hookexec/tests/case.json"))
	assert.Equal(t, "a symbolic link leaving the project (to /dev/zero)", Refusal(snap.Pin(".hookexec/zero")))
	assert.Equal(t, "not a regular file (a FIFO); hookexec never reads it", Refusal(snap.Pin(".hookexec/fifo")))
	assert.Equal(t, 4, snap.Len())

	empty, err := Scan(t.TempDir())
	require.NoError(t, err)
	assert.False(t, empty.Exists())
}

// A project holding a file trust refuses cannot be trusted, by the store
// or by its closure hash, and the decision names the file (a link it
// cannot follow, a special file, an unreadable file pinned by its error
// text).
// A stored version holding a pin of an older format trusts nothing.
func TestDecideRefusesWhatCannotBePinned(t *testing.T) {
	t.Parallel()
	root, store := project(t)
	require.NoError(t, syscall.Mkfifo(filepath.Join(root, ".hookexec", "fifo"), 0o644))
	v := trustNow(t, root, store)
	assert.Equal(t, []string{".hookexec/fifo: not a regular file (a FIFO); hookexec never reads it"}, Refusals(v.Pins))

	d, err := Decide(root, store, "", named)
	require.NoError(t, err)
	assert.False(t, d.Trusted)
	assert.Equal(t, "cannot be trusted: hookexec refuses .hookexec/fifo: not a regular file (a FIFO); hookexec never reads it", d.Why)
	snap, err := Scan(root)
	require.NoError(t, err)
	pins, err := Closure(snap, named)
	require.NoError(t, err)
	d, err = Decide(root, store, ClosureHash(pins), named)
	require.NoError(t, err)
	assert.False(t, d.Trusted, "the closure hash does not trust a refused file either")

	require.NoError(t, os.Remove(filepath.Join(root, ".hookexec", "fifo")))
	require.NoError(t, os.Symlink("../hooks/guard.sh", filepath.Join(root, ".hookexec", "link")))
	snap, err = Scan(root)
	require.NoError(t, err)
	pins, err = Closure(snap, named)
	require.NoError(t, err)
	pins[".hookexec/link"] = "symlink:../hooks/guard.sh" // as an older hookexec pinned it
	_, err = store.Add(root, NewVersion(pins, nil, snap.Dirs(), nil, time.Now()))
	require.NoError(t, err)
	d, err = Decide(root, store, "", named)
	require.NoError(t, err)
	assert.False(t, d.Trusted)
}
