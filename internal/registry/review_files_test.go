//go:build unix

package registry

import (
	"bytes"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/termstyle"
	"github.com/hookexec/hookexec/internal/trust"
)

// reviewProject makes a canonical project root holding files (relative
// path: content).
func reviewProject(t *testing.T, files map[string]string) string {
	t.Helper()
	root, err := trust.Canonical(tempDir(t))
	require.NoError(t, err)
	for rel, content := range files {
		writeFile(t, filepath.Join(root, filepath.FromSlash(rel)), content)
	}
	return root
}

const guardConfig = `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"sh .hookexec/guard.sh; sh .hookexec/bin/x.sh"}]}]}}`

// A link under .hookexec/ is pinned by what it reaches,
// so a rewrite of the target changes the pin and the closure hash.
func TestReviewPinsWhatLinksReach(t *testing.T) {
	t.Parallel()
	root := reviewProject(t, map[string]string{
		".hookexec/hooks.json": guardConfig,
		"scripts/guard.sh":     "exit 2\n",
		"tools/x.sh":           "exit 2\n",
	})
	require.NoError(t, os.Symlink("../scripts/guard.sh", filepath.Join(root, ".hookexec", "guard.sh")))
	require.NoError(t, os.Symlink("../tools", filepath.Join(root, ".hookexec", "bin")))

	before, err := ReviewProject(root)
	require.NoError(t, err)
	assert.Equal(t, trust.Hash([]byte("exit 2\n")), before.Pins[".hookexec/guard.sh"])
	assert.Equal(t, trust.Hash([]byte("exit 2\n")), before.Pins[".hookexec/bin/x.sh"])

	for _, target := range []string{"scripts/guard.sh", "tools/x.sh"} {
		writeFile(t, filepath.Join(root, target), "exit 0\n")
		after, err := ReviewProject(root)
		require.NoError(t, err)
		assert.NotEqual(t, before.Hash, after.Hash, "rewriting %s must change the closure hash", target)
		before = after
	}
}

// A link that leaves the project, dangles, loops or
// reaches a special file is refused by name.
func TestReviewRefusesLinksItCannotPin(t *testing.T) {
	t.Parallel()
	outside := writeFile(t, filepath.Join(tempDir(t), "evil.sh"), "exit 0\n")
	root := reviewProject(t, map[string]string{".hookexec/hooks.json": guardConfig})
	dir := filepath.Join(root, ".hookexec")
	require.NoError(t, os.Symlink(outside, filepath.Join(dir, "out")))
	require.NoError(t, os.Symlink("missing", filepath.Join(dir, "dangling")))
	require.NoError(t, os.Symlink("loop2", filepath.Join(dir, "loop1")))
	require.NoError(t, os.Symlink("loop1", filepath.Join(dir, "loop2")))
	require.NoError(t, syscall.Mkfifo(filepath.Join(root, "fifo"), 0o644))
	require.NoError(t, os.Symlink("../fifo", filepath.Join(dir, "tofifo")))
	require.NoError(t, os.Symlink(filepath.Dir(outside), filepath.Join(dir, "outdir")))

	r, err := ReviewProject(root)
	require.NoError(t, err)
	var text bytes.Buffer
	require.NoError(t, r.WriteText(&text, termstyle.Style{}))
	for _, name := range []string{"out", "dangling", "loop1", "loop2", "tofifo", "outdir"} {
		rel := ".hookexec/" + name
		assert.Contains(t, text.String(), "  "+rel+"  refused: ", "%s is refused by name", rel)
		assert.NotContains(t, r.Pins[rel], "sha256:", rel)
	}
	assert.NotContains(t, r.Pins, ".hookexec/outdir/evil.sh", "nothing outside the project is walked")
}

// A FIFO at a pinned path outside .hookexec/, or at one
// pinned as absent, is refused without being opened for reading: no hang.
func TestTrustDoesNotHangOnFIFO(t *testing.T) {
	t.Parallel()
	root := reviewProject(t, map[string]string{
		".hookexec/hooks.json": `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"sh scripts/guard.sh; sh scripts/later.sh"}]}]}}`,
		"scripts/guard.sh":     "exit 2\n",
	})
	data := tempDir(t)
	getenv := env(map[string]string{"XDG_DATA_HOME": data})
	r, err := ReviewProject(root)
	require.NoError(t, err)
	require.Equal(t, trust.Absent, r.Pins["scripts/later.sh"])
	_, err = trust.OpenStore(getenv).Add(root, r.Version(time.Now()))
	require.NoError(t, err)

	require.NoError(t, os.Remove(filepath.Join(root, "scripts", "guard.sh")))
	require.NoError(t, syscall.Mkfifo(filepath.Join(root, "scripts", "guard.sh"), 0o644))
	require.NoError(t, syscall.Mkfifo(filepath.Join(root, "scripts", "later.sh"), 0o644))

	done := make(chan struct{})
	var review *Review
	var decision *trust.Decision
	go func() {
		defer close(done)
		review, _ = ReviewProject(root)
		decision, _ = DecideTrust(root, getenv)
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("trust hung on a FIFO")
	}
	require.NotNil(t, review)
	assert.Contains(t, review.Pins["scripts/guard.sh"], "refused:")
	assert.Contains(t, review.Pins["scripts/later.sh"], "refused:")
	require.NotNil(t, decision)
	assert.False(t, decision.Trusted)
}

// A file that cannot be read (here over the 64 MiB limit)
// is refused, never pinned by its error text as trusted.
func TestReviewRefusesUnreadableFile(t *testing.T) {
	t.Parallel()
	root := reviewProject(t, map[string]string{".hookexec/hooks.json": `{"hooks":{}}`})
	big := filepath.Join(root, ".hookexec", "big.bin")
	f, err := os.Create(big)
	require.NoError(t, err)
	require.NoError(t, f.Truncate(trust.MaxFileBytes+1))
	require.NoError(t, f.Close())

	r, err := ReviewProject(root)
	require.NoError(t, err)
	assert.Contains(t, r.Pins[".hookexec/big.bin"], "refused:")
	assert.NotEmpty(t, r.Refused(), "the review names what it refuses")
}
