package engine

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/registry"
	"github.com/hookexec/hookexec/internal/trust"
)

func TestCacheReloadsOnChange(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	cfg := filepath.Join(dir, "hooks.json")
	write := func(body string) {
		require.NoError(t, os.WriteFile(cfg, []byte(body), 0o644))
	}
	one := `{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","command":"one"}]}]}}`
	write(one)
	getenv := func(string) string { return "" }
	l := cacheAt{&Cache{}, registry.Options{Configs: []string{cfg}, Getenv: getenv}}

	reg1, err := l.Registry(dir)
	require.NoError(t, err)
	again, err := l.Registry(dir)
	require.NoError(t, err)
	assert.Same(t, reg1, again, "unchanged files: the same registry")

	write(`{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","command":"two two"}]}]}}`)
	reg2, err := l.Registry(dir)
	require.NoError(t, err)
	require.Len(t, reg2.Hooks, 1)
	assert.Equal(t, "two two", reg2.Hooks[0].Command)

	write(`{"hooks":`)
	_, err = l.Registry(dir)
	require.Error(t, err)
	_, err2 := l.Registry(dir)
	assert.Equal(t, err, err2, "the error is kept until the file changes")

	// Same size, new mtime: loaded again.
	write(one)
	past := time.Now().Add(-time.Hour)
	require.NoError(t, os.Chtimes(cfg, past, past))
	reg3, err := l.Registry(dir)
	require.NoError(t, err)
	assert.Equal(t, "one", reg3.Hooks[0].Command)
	require.NoError(t, os.Chtimes(cfg, time.Now(), time.Now()))
	reg4, err := l.Registry(dir)
	require.NoError(t, err)
	assert.NotSame(t, reg3, reg4)

	// Replaced by another file (a new inode) with the same size and mtime.
	other := filepath.Join(dir, "other.json")
	require.NoError(t, os.WriteFile(other, []byte(one), 0o644))
	fi, err := os.Stat(cfg)
	require.NoError(t, err)
	require.NoError(t, os.Chtimes(other, fi.ModTime(), fi.ModTime()))
	require.NoError(t, os.Rename(other, cfg))
	reg5, err := l.Registry(dir)
	require.NoError(t, err)
	assert.NotSame(t, reg4, reg5)
}

// A trusted project's registry is kept while its pinned files are
// unchanged, and loaded again when a pinned script changes (the script's
// hook held from the trusted version, or the project untrusted by the hash),
// though no config file did (SPEC §2.4): by the trust
// store and by HOOKEXEC_TRUST_PROJECT=sha256:..., as fire decides.
func TestCacheRedecidesTrustWhenPinnedFileChanges(t *testing.T) {
	t.Parallel()
	for _, via := range []string{"store", "env-hash"} {
		t.Run(via, func(t *testing.T) {
			t.Parallel()
			project, script, getenv := trustedProject(t, via)
			l := cacheAt{&Cache{}, registry.Options{Getenv: getenv}}

			reg1, err := l.Registry(project)
			require.NoError(t, err)
			require.Len(t, reg1.Hooks, 1, "%+v", reg1.Warnings)
			require.NotNil(t, reg1.Trust)
			assert.Equal(t, via, reg1.Trust.Via)
			again, err := l.Registry(project)
			require.NoError(t, err)
			assert.Same(t, reg1, again, "unchanged pinned files: the same registry")

			require.NoError(t, os.WriteFile(script, []byte("echo two\n"), 0o644))
			reg2, err := l.Registry(project)
			require.NoError(t, err)
			assert.Empty(t, reg2.Hooks, "the hook whose pinned script changed does not run")
			require.NotEmpty(t, reg2.Warnings)
			if via == "store" {
				// The last trusted version stays in force,
				// and its hook whose script changed is held.
				assert.Contains(t, reg2.Warnings[0].Message, "held")
				return
			}
			assert.Equal(t, []string{filepath.Join(project, ".hookexec", "hooks.json")}, reg2.Untrusted)
			assert.Contains(t, reg2.Warnings[0].Message, "not trusted")
		})
	}
}

// trustedProject is a project whose one hook runs .hookexec/guard.sh,
// trusted via the store or HOOKEXEC_TRUST_PROJECT=sha256:... ("env-hash"),
// and the environment that trusts it.
func trustedProject(t testing.TB, via string) (project, script string, getenv func(string) string) {
	t.Helper()
	dir := t.TempDir()
	project = filepath.Join(dir, "project")
	script = filepath.Join(project, ".hookexec", "guard.sh")
	require.NoError(t, os.MkdirAll(filepath.Dir(script), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(project, ".hookexec", "hooks.json"),
		[]byte(`{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","command":"sh .hookexec/guard.sh"}]}]}}`), 0o644))
	require.NoError(t, os.WriteFile(script, []byte("echo one\n"), 0o644))
	env := map[string]string{"HOME": dir, "XDG_CONFIG_HOME": filepath.Join(dir, "config"), "XDG_DATA_HOME": filepath.Join(dir, "data"), "HOOKEXEC_SYSTEM_DIR": filepath.Join(dir, "etc")}
	getenv = func(k string) string { return env[k] }
	review, err := registry.ReviewProject(project)
	require.NoError(t, err)
	if via == "store" {
		_, err = trust.OpenStore(getenv).Add(review.Root, review.Version(time.Now()))
		require.NoError(t, err)
	} else {
		env[trust.EnvVar] = review.Hash
	}
	return project, script, getenv
}

// The cost serve adds to each event of a trusted, unchanged project:
// the stats of the config files and the trust decision again.
func BenchmarkCacheTrustedProject(b *testing.B) {
	for _, via := range []string{"store", "env-hash"} {
		b.Run(via, func(b *testing.B) {
			project, _, getenv := trustedProject(b, via)
			l := cacheAt{&Cache{}, registry.Options{Getenv: getenv}}
			first, err := l.Registry(project)
			require.NoError(b, err)
			for b.Loop() {
				reg, err := l.Registry(project)
				if err != nil || reg != first {
					b.Fatal("loaded again", err)
				}
			}
		})
	}
}

// cacheAt is a Cache with the options it serves, asked by project
// directory.
type cacheAt struct {
	c    *Cache
	opts registry.Options
}

func (c cacheAt) Registry(dir string) (*registry.Registry, error) {
	opts := c.opts
	opts.ProjectDir = dir
	return c.c.Registry(opts)
}
