package registry

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/termstyle"
	"github.com/hookexec/hookexec/internal/trust"
)

// Review.Trust records the project; TrustedProjects then reports it
// trusted, changed after an edit and missing once .hookexec/ is gone,
// whatever HOOKEXEC_TRUST_PROJECT says.
func TestTrustedProjects(t *testing.T) {
	t.Parallel()
	data := tempDir(t)
	getenv := func(name string) string {
		switch name {
		case "XDG_DATA_HOME":
			return data
		case trust.EnvVar:
			return "1"
		}
		return ""
	}
	root, err := trust.Canonical(tempDir(t))
	require.NoError(t, err)
	config := filepath.Join(root, ".hookexec", "hooks.json")
	writeFile(t, config, `{"hooks": {}}`)

	none, err := TrustedProjects(getenv)
	require.NoError(t, err)
	assert.Empty(t, none)

	review, err := ReviewProject(root)
	require.NoError(t, err)
	require.True(t, review.HasProjectFiles())
	warnings, err := review.Trust(trust.OpenStore(getenv), review.Version(time.Now()))
	require.NoError(t, err)
	assert.Empty(t, warnings)

	status := func() TrustedProject {
		t.Helper()
		ps, err := TrustedProjects(getenv)
		require.NoError(t, err)
		require.Len(t, ps, 1)
		assert.Equal(t, root, ps[0].Entry.Root)
		return ps[0]
	}
	p := status()
	assert.Equal(t, "trusted", p.Status)
	assert.Equal(t, review.Hash, p.Current)
	assert.Len(t, p.Lines(termstyle.Style{}), 2, "the project and its one version")
	on := termstyle.New(true)
	assert.True(t, strings.HasSuffix(p.Lines(on)[0], "  "+on.OK("trusted")), p.Lines(on)[0])
	assert.True(t, strings.HasSuffix(p.Lines(termstyle.Style{})[0], "  trusted"))

	writeFile(t, config, `{"hooks": {"x": []}}`)
	p = status()
	assert.Equal(t, "changed", p.Status)
	assert.True(t, strings.HasSuffix(p.Lines(on)[0], "  "+on.Warn("changed")), p.Lines(on)[0])
	assert.Empty(t, p.Current)

	require.NoError(t, os.RemoveAll(filepath.Join(root, ".hookexec")))
	assert.Equal(t, "missing", status().Status)
}
