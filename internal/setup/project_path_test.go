package setup

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// projectControl judges a path as written and each link of its resolution
// (SPEC §2.4).
func TestProjectControl(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	proj, out := filepath.Join(root, "proj"), filepath.Join(root, "out")
	for _, d := range []string{filepath.Join(proj, "tools"), filepath.Join(out, "bin")} {
		require.NoError(t, os.MkdirAll(d, 0o755))
	}
	require.NoError(t, os.WriteFile(filepath.Join(out, "bin", "hookexec"), nil, 0o755))
	links := map[string]string{
		filepath.Join(proj, "tools", "sh"):  "/bin/sh",
		filepath.Join(proj, "tools", "out"): filepath.Join(out, "bin"),
		filepath.Join(out, "into"):          filepath.Join(proj, "tools", "sh"),
		filepath.Join(out, "relinto"):       "../proj/tools",
		filepath.Join(out, "loop"):          filepath.Join(out, "loop"),
		filepath.Join(out, "plain"):         filepath.Join(out, "bin"),
		filepath.Join(root, "projlink"):     proj,
	}
	for link, target := range links {
		require.NoError(t, os.Symlink(target, link))
	}
	tests := []struct {
		name, path, want string
	}{
		{"a link inside the project to a system program", filepath.Join(proj, "tools", "sh"), "is inside the project (a link to /bin/sh)"},
		{"through a linked directory inside the project", filepath.Join(proj, "tools", "out", "hookexec"), "is inside the project"},
		{"a lexical path inside the project", filepath.Join(out, "..", "proj", "tools", "x"), "is inside the project"},
		{"a link outside that points inside", filepath.Join(out, "into"), "which points inside the project"},
		{"a relative link outside that points inside", filepath.Join(out, "relinto", "sh"), "which points inside the project"},
		{"a link to the project directory itself", filepath.Join(root, "projlink", "tools", "sh"), "which points inside the project"},
		{"a link loop", filepath.Join(out, "loop"), "more than 40 links"},
		{"outside, through links outside", filepath.Join(out, "plain", "hookexec"), ""},
		{"outside, no link", filepath.Join(out, "bin", "hookexec"), ""},
		{"missing outside", filepath.Join(out, "missing"), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := projectControl(tt.path, proj)
			if tt.want == "" {
				assert.Empty(t, got)
				return
			}
			assert.Contains(t, got, tt.want)
		})
	}
}
