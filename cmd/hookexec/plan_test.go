package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/registry"
)

// A terminal on stdin is not read: plan treats the input as {}. /dev/zero
// stands in for the terminal (a character device that never ends: reading
// it would fail with an input error).
func TestPlanDoesNotReadTerminal(t *testing.T) {
	t.Parallel()
	dev, err := os.Open("/dev/zero")
	require.NoError(t, err)
	defer dev.Close()
	require.True(t, stdinIsTerminal(dev))
	config := filepath.Join(t.TempDir(), "hooks.json")
	require.NoError(t, os.WriteFile(config, []byte(`{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "name": "h", "command": "true"}]}]}}`), 0o644))

	var stdout, stderr bytes.Buffer
	code := run([]string{"plan", "BeforeTool", "--config", config}, dev, &stdout, &stderr)

	assert.Equal(t, 0, code, stderr.String())
	assert.Contains(t, stdout.String(), "match    tool_name is not in the input")
	assert.Contains(t, stdout.String(), "  1  h\n")
}

func TestStdinIsTerminal(t *testing.T) {
	t.Parallel()
	r, w, err := os.Pipe()
	require.NoError(t, err)
	defer r.Close()
	defer w.Close()
	assert.False(t, stdinIsTerminal(r))
	assert.False(t, stdinIsTerminal(strings.NewReader("")))
	assert.False(t, stdinIsTerminal(nil))
}

func TestDescribeMatcher(t *testing.T) {
	t.Parallel()
	tests := []struct {
		hook planHook
		want string
	}{
		{planHook{Matcher: "", MatcherKind: registry.KindAll}, "none: matches every value"},
		{planHook{Matcher: "*", MatcherKind: registry.KindAll}, `"*": matches every value`},
		{planHook{Matcher: "write_*", MatcherKind: registry.KindGlob}, `"write_*" (globs, whole value)`},
		{planHook{Matcher: "re:^B", MatcherKind: registry.KindRegex}, `"re:^B" (regular expression, unanchored)`},
		{planHook{Matcher: "x", MatcherKind: registry.KindExact}, `"x" (exact value)`},
		{planHook{Matcher: "Edit|Write", MatcherKind: registry.KindExactList}, `"Edit|Write" (list of exact names)`},
		{planHook{Matcher: "B(", MatcherKind: registry.KindInvalidRegex}, `"B(" (invalid regular expression: never matches)`},
		{planHook{Matcher: "x", MatcherKind: registry.KindGlob, MatcherIgnored: true}, `"x", ignored: the event has no match value`},
		{planHook{Matcher: "", MatcherKind: registry.KindAll, MatcherIgnored: true}, "none (the event has no match value)"},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, describeMatcher(tt.hook))
	}
}

func TestClip(t *testing.T) {
	t.Parallel()
	assert.Equal(t, "short", clip("short", 10))
	assert.Equal(t, "abcdefg...", clip("abcdefghijklmnop", 10))
	assert.Equal(t, "ééé...", clip("éééééééé", 10), "runes are kept whole")
}
