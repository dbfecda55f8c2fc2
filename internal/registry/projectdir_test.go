package registry

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestResolveProjectDir(t *testing.T) {
	t.Parallel()
	wd, err := os.Getwd()
	require.NoError(t, err)
	existing := t.TempDir()
	link := filepath.Join(t.TempDir(), "link")
	require.NoError(t, os.Symlink(existing, link))

	all := map[string]string{
		"HOOKEXEC_PROJECT_DIR": "/p/hookexec",
		"CLAUDE_PROJECT_DIR":   "/p/claude",
		"GEMINI_PROJECT_DIR":   "/p/gemini",
		"LLXPRT_PROJECT_DIR":   "/p/llxprt",
	}
	without := func(keys ...string) map[string]string {
		m := map[string]string{}
		for k, v := range all {
			m[k] = v
		}
		for _, k := range keys {
			delete(m, k)
		}
		return m
	}
	tests := []struct {
		name     string
		flag     string
		env      map[string]string
		inputCwd string
		want     string
	}{
		{"flag first", "/p/flag", all, existing, "/p/flag"},
		{"HOOKEXEC_PROJECT_DIR", "", all, existing, "/p/hookexec"},
		{"CLAUDE_PROJECT_DIR", "", without("HOOKEXEC_PROJECT_DIR"), existing, "/p/claude"},
		{"GEMINI_PROJECT_DIR", "", without("HOOKEXEC_PROJECT_DIR", "CLAUDE_PROJECT_DIR"), existing, "/p/gemini"},
		{"LLXPRT_PROJECT_DIR", "", map[string]string{"LLXPRT_PROJECT_DIR": "/p/llxprt"}, existing, "/p/llxprt"},
		{"input cwd", "", nil, existing, existing},
		{"input cwd symlink kept", "", nil, link, link},
		{"input cwd missing", "", nil, filepath.Join(existing, "nope"), wd},
		{"input cwd is a file", "", nil, writeFile(t, filepath.Join(existing, "f"), ""), wd},
		// SPEC §2.3: only an absolute input cwd; these exist relative to wd.
		{"relative input cwd ignored", "", nil, "..", wd},
		{"relative input cwd into another repository ignored", "", nil, "../registry", wd},
		{"dot input cwd ignored", "", nil, ".", wd},
		{"working directory", "", nil, "", wd},
		{"relative flag made absolute", "sub/../proj", nil, "", filepath.Join(wd, "proj")},
		{"unclean env cleaned", "", map[string]string{"CLAUDE_PROJECT_DIR": "/p//x/"}, "", "/p/x"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got, err := ResolveProjectDir(tt.flag, env(tt.env), tt.inputCwd)
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
			assert.True(t, filepath.IsAbs(got))
		})
	}
}
