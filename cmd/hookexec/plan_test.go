package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// A terminal on stdin is not read: plan treats the input as {}. /dev/zero
// stands in for the terminal (a character device that never ends: reading
// it would fail with an input error).
func TestPlanDoesNotReadTerminal(t *testing.T) {
	t.Parallel()
	dev, err := os.Open("/dev/zero")
	require.NoError(t, err)
	defer func() { _ = dev.Close() }()
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
	defer func() { _ = r.Close() }()
	defer func() { _ = w.Close() }()
	assert.False(t, stdinIsTerminal(r))
	assert.False(t, stdinIsTerminal(strings.NewReader("")))
	assert.False(t, stdinIsTerminal(nil))
}
