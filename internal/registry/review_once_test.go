package registry

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/trust"
)

// Trust shows and pins the same bytes of each file, even
// when a writer changes the file right after it was read. Not parallel:
// it sets the package's read hook.
func TestReviewShowsWhatItPins(t *testing.T) {
	root, err := trust.Canonical(tempDir(t))
	require.NoError(t, err)
	shown := `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"echo shown"}]}]}}`
	path := writeFile(t, filepath.Join(root, ".hookexec", "hooks.json"), shown)
	afterReviewRead = func(p string) {
		if p == path {
			require.NoError(t, os.WriteFile(path, []byte(strings.Replace(shown, "shown", "other", 1)), 0o644))
		}
	}
	defer func() { afterReviewRead = nil }()

	r, err := ReviewProject(root)
	require.NoError(t, err)
	require.Len(t, r.Commands, 1)
	assert.Contains(t, r.Commands[0], "echo shown")
	assert.Equal(t, trust.Hash([]byte(shown)), r.Pins[".hookexec/hooks.json"], "the pin is of the bytes shown")
}
