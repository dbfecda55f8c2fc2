package trust

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func write(t *testing.T, path, content string) {
	t.Helper()
	require.NoError(t, os.MkdirAll(filepath.Dir(path), 0o755))
	require.NoError(t, os.WriteFile(path, []byte(content), 0o644))
}

// project makes a project with a config and a script outside .hookexec/
// and returns its canonical root and a store in a separate directory.
func project(t *testing.T) (string, Store) {
	t.Helper()
	root, err := Canonical(t.TempDir())
	require.NoError(t, err)
	write(t, filepath.Join(root, ".hookexec", "hooks.json"), `{"hooks":{}}`)
	write(t, filepath.Join(root, ".hookexec", "tests", "case.json"), `{}`)
	write(t, filepath.Join(root, "hooks", "guard.sh"), "exit 0\n")
	data := t.TempDir()
	return root, OpenStore(func(k string) string { return map[string]string{"XDG_DATA_HOME": data}[k] })
}

// named pins hooks/guard.sh, as a hook naming it would.
func named(s *Snapshot) (map[string]string, error) {
	return map[string]string{"hooks/guard.sh": s.PinFile(filepath.Join(s.Root, "hooks", "guard.sh"))}, nil
}

func trustNow(t *testing.T, root string, store Store) Version {
	t.Helper()
	return trustAt(t, root, store, time.Now())
}

// trustAt trusts the project as if now were the time: a now in the future
// makes the files' status settled, so it is recorded.
func trustAt(t *testing.T, root string, store Store, now time.Time) Version {
	t.Helper()
	snap, err := Scan(root)
	require.NoError(t, err)
	pins, err := Closure(snap, named)
	require.NoError(t, err)
	stats := snap.Stats(now)
	if st, ok := StatFile(filepath.Join(root, "hooks", "guard.sh")); ok && st.Settled(now) {
		stats["hooks/guard.sh"] = st
	}
	v := NewVersion(pins, stats, snap.Dirs(), []string{"cmd"}, now)
	_, err = store.Add(root, v)
	require.NoError(t, err)
	return v
}

func decide(t *testing.T, root string, store Store, env string) *Decision {
	t.Helper()
	d, _ := Decide(root, store, env, named)
	return d
}

func TestDecideByStore(t *testing.T) {
	t.Parallel()
	root, store := project(t)
	d := decide(t, root, store, "")
	assert.False(t, d.Trusted)
	assert.Equal(t, "not trusted", d.Why)

	trustNow(t, root, store)
	d = decide(t, root, store, "")
	require.True(t, d.Trusted)
	assert.True(t, d.Allows(".hookexec/hooks.json", []byte(`{"hooks":{}}`)))
	assert.False(t, d.Allows(".hookexec/hooks.json", []byte(`{"hooks":{"x":1}}`)), "bytes that are not the pinned ones")
	assert.False(t, d.Allows(".hookexec/hooks.local.json", []byte(`{}`)), "a file that is not pinned")

	// A new file under .hookexec/ untrusts the project.
	write(t, filepath.Join(root, ".hookexec", "hooks.local.json"), `{}`)
	assert.False(t, decide(t, root, store, "").Trusted)
	require.NoError(t, os.Remove(filepath.Join(root, ".hookexec", "hooks.local.json")))
	assert.True(t, decide(t, root, store, "").Trusted)

	// So does an edit of a pinned script outside .hookexec/.
	write(t, filepath.Join(root, "hooks", "guard.sh"), "exit 1\n")
	d = decide(t, root, store, "")
	assert.False(t, d.Trusted)
	assert.Equal(t, "changed since it was trusted", d.Why)
}

func TestStoreKeepsRecentVersions(t *testing.T) {
	t.Parallel()
	root, store := project(t)
	config := filepath.Join(root, ".hookexec", "hooks.json")
	first := trustNow(t, root, store)
	write(t, config, `{"hooks":{"BeforeTool":[]}}`)
	assert.False(t, decide(t, root, store, "").Trusted)
	second := trustNow(t, root, store)
	assert.NotEqual(t, first.Hash, second.Hash)

	// Back on the first branch: only the version trusted last runs, so
	// the first waits for review (SPEC §2.4); the store still knows it.
	write(t, config, `{"hooks":{}}`)
	d := decide(t, root, store, "")
	assert.False(t, d.Trusted)
	assert.Equal(t, first.Hash, d.Earlier())

	for i := range MaxVersions + 2 {
		write(t, config, `{"v":`+string(rune('0'+i))+`}`)
		trustNow(t, root, store)
	}
	e, err := store.Load(root)
	require.NoError(t, err)
	assert.Len(t, e.Versions, MaxVersions)
	write(t, config, `{"hooks":{}}`)
	assert.False(t, decide(t, root, store, "").Trusted, "the oldest versions were dropped")

	removed, err := store.Remove(root)
	require.NoError(t, err)
	assert.True(t, removed)
	removed, err = store.Remove(root)
	require.NoError(t, err)
	assert.False(t, removed)
}

func TestDecideByEnvironment(t *testing.T) {
	t.Parallel()
	root, store := project(t)
	d := decide(t, root, store, "1")
	assert.True(t, d.Trusted)
	assert.True(t, d.Allows(".hookexec/anything", []byte("x")))

	snap, err := Scan(root)
	require.NoError(t, err)
	pins, err := Closure(snap, named)
	require.NoError(t, err)
	hash := ClosureHash(pins)
	d = decide(t, root, store, hash)
	assert.True(t, d.Trusted)
	assert.Equal(t, "env-hash", d.Via)

	write(t, filepath.Join(root, "hooks", "guard.sh"), "exit 1\n")
	d = decide(t, root, store, hash)
	assert.False(t, d.Trusted, "a pinned script changed: the hash no longer matches")
	assert.Contains(t, d.Why, "does not match")

	for _, bad := range []string{"yes", "true", "sha1:abc", " 1"} {
		d, err := Decide(root, store, bad, named)
		assert.Error(t, err, bad)
		assert.False(t, d.Trusted, bad)
	}
}

func TestStoreWritableByOthersIsRefused(t *testing.T) {
	t.Parallel()
	root, store := project(t)
	trustNow(t, root, store)
	require.NoError(t, os.Chmod(store.Dir, 0o777))
	d := decide(t, root, store, "")
	assert.False(t, d.Trusted)
	assert.Contains(t, d.Why, "writable by others")
	_, err := store.Add(root, Version{})
	assert.ErrorContains(t, err, "store refused")
	_, err = store.Remove(root)
	assert.ErrorContains(t, err, "store refused")

	require.NoError(t, os.Chmod(store.Dir, 0o700))
	entry := store.entryPath(root)
	info, err := os.Stat(entry)
	require.NoError(t, err)
	assert.Equal(t, os.FileMode(0o600), info.Mode().Perm())
	require.NoError(t, os.Chmod(entry, 0o620))
	assert.Contains(t, decide(t, root, store, "").Why, "writable by group")
}

// A file whose recorded status still matches is not read again; any
// write changes its change time, so an edit that keeps the size and the
// modification time is still caught.
func TestStatusCacheCatchesEveryEdit(t *testing.T) {
	t.Parallel()
	root, store := project(t)
	v := trustAt(t, root, store, time.Now().Add(time.Hour))
	require.Contains(t, v.Stats, ".hookexec/hooks.json")
	require.Contains(t, v.Stats, "hooks/guard.sh")
	assert.True(t, decide(t, root, store, "").Trusted)

	for _, rel := range []string{".hookexec/hooks.json", "hooks/guard.sh"} {
		path := filepath.Join(root, filepath.FromSlash(rel))
		before, err := os.Stat(path)
		require.NoError(t, err)
		old, err := os.ReadFile(path)
		require.NoError(t, err)
		edited := append([]byte{}, old...)
		edited[0] ^= 1
		require.NoError(t, os.WriteFile(path, edited, 0o644))
		require.NoError(t, os.Chtimes(path, before.ModTime(), before.ModTime()))
		assert.False(t, decide(t, root, store, "").Trusted, rel)
		require.NoError(t, os.WriteFile(path, old, 0o644))
		assert.True(t, decide(t, root, store, "").Trusted, rel+": the pinned content again")
	}

	// An untouched file is recognised by its status: the cache is in use.
	snap, err := Scan(root)
	require.NoError(t, err)
	assert.True(t, snap.unchanged(".hookexec/tests/case.json", v.Stats[".hookexec/tests/case.json"]))
}

// The fast check lists no directory and reads no file when every
// directory and pinned file has its recorded status; an entry added,
// removed or renamed anywhere under .hookexec/ changes a directory's
// status, so the full check decides.
func TestUnchangedSince(t *testing.T) {
	t.Parallel()
	root, store := project(t)
	v := trustAt(t, root, store, time.Now().Add(time.Hour))
	assert.Equal(t, []string{".hookexec", ".hookexec/tests"}, v.Dirs)
	e, err := store.Load(root)
	require.NoError(t, err)
	assert.True(t, unchangedSince(root, e.Versions[0]), "the stored version round-trips with its status")

	extra := filepath.Join(root, ".hookexec", "tests", "new.json")
	write(t, extra, "{}")
	assert.False(t, unchangedSince(root, v))
	assert.False(t, decide(t, root, store, "").Trusted)
	require.NoError(t, os.Remove(extra))
	assert.False(t, unchangedSince(root, v), "the directory changed, though its files are the pinned ones")
	assert.True(t, decide(t, root, store, "").Trusted, "the full check")

	require.NoError(t, os.Rename(filepath.Join(root, ".hookexec", "tests"), filepath.Join(root, ".hookexec", "t2")))
	assert.False(t, decide(t, root, store, "").Trusted)
}

func TestEntryFileRoundTrip(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 11, 22, 21, 0, 0, 123, time.UTC)
	e := &Entry{Root: "/p/with\ttab\nand newline", Versions: []Version{
		{Hash: "sha256:1", TrustedAt: at, Dirs: []string{".hookexec"},
			Pins:     map[string]string{".hookexec/a\tb": "sha256:x", "hooks/absent.sh": Absent},
			Stats:    map[string]FileStat{".hookexec": {Size: 1, Mtime: 2, Ctime: 3, Ino: 4, Mode: 5}, ".hookexec/a\tb": {Size: -1, Ino: 1 << 62}},
			Commands: []string{"echo \"x\"\tand\nmore"}},
		{Hash: "sha256:2", TrustedAt: at, Pins: map[string]string{}, Stats: map[string]FileStat{}},
	}}
	got, err := decodeEntry(encodeEntry(e))
	require.NoError(t, err)
	assert.Equal(t, e, got)
	for _, bad := range []string{"", "{}", entryMagic + "\npin\t\"x\"\t\"y\"", entryMagic + "\nversion\tx\ty", entryMagic + "\nroot\t\"/p\"\nversion\t\"h\"\t2026-11-22T21:00:00Z\ndir\t\".hookexec\"\t1\t2"} {
		_, err := decodeEntry([]byte(bad))
		assert.Error(t, err, bad)
	}
}

// Files and directories changed just before the trust have no recorded
// status: the fast check lists and hashes just those, and still catches
// every change.
func TestUnchangedSinceWithFreshFiles(t *testing.T) {
	t.Parallel()
	root, store := project(t)
	v := trustNow(t, root, store) // everything was written a moment ago
	require.Empty(t, v.Stats)
	require.Equal(t, []string{".hookexec", ".hookexec/tests"}, v.Dirs)
	assert.True(t, unchangedSince(root, v))

	extra := filepath.Join(root, ".hookexec", "tests", "new.json")
	write(t, extra, "{}")
	assert.False(t, unchangedSince(root, v), "a new file")
	require.NoError(t, os.Remove(extra))
	assert.True(t, unchangedSince(root, v))

	write(t, filepath.Join(root, "hooks", "guard.sh"), "exit 1\n")
	assert.False(t, unchangedSince(root, v), "a named script changed")
	write(t, filepath.Join(root, "hooks", "guard.sh"), "exit 0\n")
	assert.True(t, unchangedSince(root, v))

	require.NoError(t, os.Remove(filepath.Join(root, ".hookexec", "hooks.json")))
	require.NoError(t, os.Symlink("/dev/zero", filepath.Join(root, ".hookexec", "hooks.json")))
	assert.False(t, unchangedSince(root, v), "a file replaced by a link")
	assert.False(t, decide(t, root, store, "").Trusted)
}
