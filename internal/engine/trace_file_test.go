package engine

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWriteTraceFile: "" writes nothing; the trace is one JSON line with
// '$' escaped, and a link in its place is refused.
func TestWriteTraceFile(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	path := configFile(t, dir, map[string][]def{"BeforeTool": {group(named("$HOME", "true"))}})
	req := doRequest(t, path, `{"tool_name":"Bash"}`, noEnv)
	res := testEngine().Do(context.Background(), req)
	require.NoError(t, res.Err)
	require.NoError(t, WriteTraceFile("", req.Event, res))

	out := filepath.Join(dir, "trace.json")
	require.NoError(t, WriteTraceFile(out, req.Event, res))
	data, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.True(t, strings.HasSuffix(string(data), "}\n"))
	assert.NotContains(t, string(data), "$")
	assert.Contains(t, string(data), `\u0024HOME`)

	link := filepath.Join(dir, "link.json")
	if os.Symlink(out, link) == nil { // links may need privileges on Windows
		assert.Error(t, WriteTraceFile(link, req.Event, res))
	}
}
