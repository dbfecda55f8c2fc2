package registry

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestLoadInline(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	onDisk := writeFile(t, filepath.Join(dir, "hooks.json"), `{"hooks":{"BeforeTool":[{"hooks":[{"type":"command","command":"on-disk"}]}]}}`)
	// Padded so that positions are those of a surrounding case file.
	data := "\n\n    " + `{"hooks": {"BeforeTol": [], "BeforeTool": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "inline", "timeout": 2}]}]}}`

	reg, err := Load(Options{
		Configs: []string{onDisk},
		Inline:  &Inline{Name: "cases.json", Data: []byte(data)},
		Getenv:  env(map[string]string{"HOOKEXEC_CONFIG": onDisk}),
	})

	require.NoError(t, err)
	assert.Equal(t, []string{"inline"}, commands(reg), "only the inline config is loaded")
	require.Len(t, reg.Files, 1)
	assert.Equal(t, File{Path: "cases.json", Source: Runtime, Dialect: Native, Enabled: true}, reg.Files[0])
	h := reg.Hooks[0]
	assert.Equal(t, "cases.json", h.File)
	assert.Equal(t, Position{File: "cases.json", Line: 3, Col: 78}, h.Pos)
	assert.Equal(t, Native, h.Dialect)
	assert.Equal(t, "2ms", h.Timeout.String(), "native unit: milliseconds")
	require.Len(t, reg.Warnings, 2)
	assert.Equal(t, "cases.json:3:16", reg.Warnings[0].Pos.String(), "positions count the padding")
	assert.Contains(t, reg.Warnings[1].Message, `"timeout": 2 is 2ms`)
}

func TestLoadInlineDialectAndErrors(t *testing.T) {
	t.Parallel()
	t.Run("forced dialect", func(t *testing.T) {
		t.Parallel()
		data := `{"hooks":{"PreToolUse":[{"hooks":[{"type":"command","command":"x","timeout":2}]}]}}`
		reg, err := Load(Options{Inline: &Inline{Name: "inline", Data: []byte(data)}, Dialect: Claude, Getenv: env(nil)})
		require.NoError(t, err)
		require.Len(t, reg.Hooks, 1)
		assert.Equal(t, Claude, reg.Hooks[0].Dialect)
		assert.Equal(t, "2s", reg.Hooks[0].Timeout.String(), "claude unit: seconds")
	})
	t.Run("malformed", func(t *testing.T) {
		t.Parallel()
		_, err := Load(Options{Inline: &Inline{Name: "cases.json", Data: []byte("\n  {\"hooks\": [}")}, Getenv: env(nil)})
		var cerr *Error
		require.ErrorAs(t, err, &cerr)
		assert.Equal(t, "cases.json:2:14: invalid JSON: invalid character '}' looking for beginning of value", err.Error())
	})
}
