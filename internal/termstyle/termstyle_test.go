package termstyle

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func env(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

// TestEnabled is the decision table: mode x terminal x NO_COLOR x TERM.
func TestEnabled(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		mode     Mode
		terminal bool
		vars     map[string]string
		want     bool
	}{
		{Always, false, nil, true},
		{Always, true, nil, true},
		{Always, false, map[string]string{"NO_COLOR": "1"}, true}, // the flag wins over the variable
		{Always, true, map[string]string{"TERM": "dumb"}, true},
		{Never, true, nil, false},
		{Never, true, map[string]string{"TERM": "xterm-256color"}, false},
		{Never, false, nil, false},
		{Auto, true, nil, true},
		{Auto, true, map[string]string{"TERM": "xterm"}, true},
		{Auto, false, nil, false},
		{Auto, false, map[string]string{"TERM": "xterm"}, false},
		{Auto, true, map[string]string{"NO_COLOR": "1"}, false},
		{Auto, true, map[string]string{"NO_COLOR": "0"}, false}, // any non-empty value
		{Auto, true, map[string]string{"NO_COLOR": ""}, true},   // empty is unset (no-color.org)
		{Auto, true, map[string]string{"TERM": "dumb"}, false},
		{Auto, false, map[string]string{"NO_COLOR": "1", "TERM": "dumb"}, false},
		{Mode(7), true, nil, false},
	} {
		assert.Equal(t, tc.want, Enabled(tc.mode, tc.terminal, env(tc.vars)), "%v terminal=%v %v", tc.mode, tc.terminal, tc.vars)
	}
	assert.True(t, Enabled(Auto, true, nil), "a nil getenv is an empty environment")
}

func TestParseMode(t *testing.T) {
	t.Parallel()
	for _, s := range Modes() {
		m, err := ParseMode(s)
		require.NoError(t, err)
		assert.Equal(t, s, m.String())
	}
	for _, s := range []string{"", "yes", "ALWAYS", "true", "auto "} {
		_, err := ParseMode(s)
		require.Error(t, err, "%q", s)
		assert.Equal(t, `invalid --color "`+s+`" (want auto, always, never)`, err.Error())
	}
	assert.Equal(t, "Mode(9)", Mode(9).String())
}

// TestForNotTerminal: a pipe, a file and a buffer are no terminal; only
// always colours them.
func TestForNotTerminal(t *testing.T) {
	t.Parallel()
	r, w, err := os.Pipe()
	require.NoError(t, err)
	t.Cleanup(func() { _ = r.Close(); _ = w.Close() })
	f, err := os.Create(filepath.Join(t.TempDir(), "out"))
	require.NoError(t, err)
	t.Cleanup(func() { _ = f.Close() })
	closed, err := os.Create(filepath.Join(t.TempDir(), "closed"))
	require.NoError(t, err)
	require.NoError(t, closed.Close())
	for name, out := range map[string]any{"pipe": w, "file": f, "buffer": &bytes.Buffer{}, "closed file": closed} {
		w := out.(interface{ Write([]byte) (int, error) })
		assert.False(t, For(w, Auto, env(nil)).On(), name)
		assert.False(t, For(w, Never, env(nil)).On(), name)
		assert.True(t, For(w, Always, env(map[string]string{"NO_COLOR": "1"})).On(), name)
	}
}

func TestStyle(t *testing.T) {
	t.Parallel()
	var off Style
	on := New(true)
	for name, f := range map[string][2]func(string) string{
		"OK":   {off.OK, on.OK},
		"Fail": {off.Fail, on.Fail},
		"Warn": {off.Warn, on.Warn},
		"Dim":  {off.Dim, on.Dim},
		"Bold": {off.Bold, on.Bold},
	} {
		assert.Equal(t, "text", f[0]("text"), name+" off leaves the text")
		got := f[1]("text")
		assert.True(t, strings.HasPrefix(got, "\x1b[") && strings.HasSuffix(got, "text\x1b[0m"), "%s on: %q", name, got)
		assert.Empty(t, f[1](""), name+": nothing to colour")
	}
	assert.Equal(t, "\x1b[32mok\x1b[0m", on.OK("ok"))
	assert.Equal(t, "\x1b[1m\x1b[31mFAIL\x1b[0m", on.Fail("FAIL"))
	assert.Equal(t, "\x1b[33mwarning\x1b[0m", on.Warn("warning"))
	assert.False(t, off.On())
	assert.False(t, New(false).On())
}
