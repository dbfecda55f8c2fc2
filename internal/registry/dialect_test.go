package registry

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDetectDialect(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	plugin := filepath.Join(root, "my-plugin")
	writeFile(t, filepath.Join(plugin, ".claude-plugin", "plugin.json"), `{"name": "my-plugin"}`)
	writeFile(t, filepath.Join(plugin, "hooks", "hooks.json"), `{}`)
	notPlugin := filepath.Join(root, "not-plugin")
	writeFile(t, filepath.Join(notPlugin, "hooks", "hooks.json"), `{}`)
	dirManifest := filepath.Join(root, "dir-manifest")
	require.NoError(t, os.MkdirAll(filepath.Join(dirManifest, ".claude-plugin", "plugin.json"), 0o755))

	tests := []struct {
		path string
		want Dialect
	}{
		{"/home/u/.claude/settings.json", Claude},
		{"/home/u/project/.claude/settings.local.json", Claude},
		{".claude/settings.json", Claude},
		{"/home/u/.gemini/settings.json", Gemini},
		{"/home/u/.llxprt/settings.json", LLxprt},
		{"/home/u/.hookexec/hooks.json", Native},
		{"/home/u/.claude/sub/settings.json", Native},
		{"/home/u/claude/settings.json", Native},
		{"/home/u/.Claude/settings.json", Native},
		{"hooks.json", Native},
		{filepath.Join(plugin, "hooks", "hooks.json"), Claude},
		{filepath.Join(plugin, "hooks", "other.json"), Native},
		{filepath.Join(notPlugin, "hooks", "hooks.json"), Native},
		{filepath.Join(dirManifest, "hooks", "hooks.json"), Native},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			t.Parallel()
			assert.Equal(t, tt.want, DetectDialect(tt.path))
		})
	}
}

func TestParseDialect(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in   string
		want Dialect
		err  bool
	}{
		{"native", Native, false},
		{"claude", Claude, false},
		{"Gemini", Gemini, false},
		{" llxprt ", LLxprt, false},
		{"", "", false},
		{"vscode", "", true},
	}
	for _, tt := range tests {
		d, err := ParseDialect(tt.in)
		if tt.err {
			assert.ErrorContains(t, err, `unknown dialect "vscode"`)
			continue
		}
		require.NoError(t, err, tt.in)
		assert.Equal(t, tt.want, d, tt.in)
	}
}

func TestDialectDefaults(t *testing.T) {
	t.Parallel()
	tests := []struct {
		d       Dialect
		unit    time.Duration
		timeout time.Duration
		shells  []string
	}{
		{Native, time.Millisecond, 60 * time.Second, []string{"bash", "sh"}},
		{Gemini, time.Millisecond, 60 * time.Second, []string{"bash", "sh"}},
		{LLxprt, time.Millisecond, 60 * time.Second, []string{"bash", "sh"}},
		{Claude, time.Second, 600 * time.Second, []string{"sh"}},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.unit, tt.d.TimeoutUnit(), tt.d)
		assert.Equal(t, tt.timeout, tt.d.DefaultTimeout(), tt.d)
		assert.Equal(t, tt.shells, tt.d.DefaultShells(nil), tt.d)
	}
	// Callers may modify the returned slice.
	Native.DefaultShells(nil)[0] = "zsh"
	assert.Equal(t, "bash", Native.DefaultShells(nil)[0])
}
