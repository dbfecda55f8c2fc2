package casefile

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestCollect: every case of every file in order; no case file, no case
// and a missing default directory are errors before anything runs.
func TestCollect(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, content string) {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644))
	}
	write("a.json", `[{"name": "one", "event": "BeforeTool", "expect": {"blocked": false}}, {"name": "two", "event": "BeforeTool", "expect": {"blocked": false}}]`)
	write("b.json", `{"name": "three", "event": "AfterTool", "expect": {"blocked": false}}`)
	getenv := func(string) string { return "" }

	cases, err := Collect([]string{dir}, "", getenv)
	require.NoError(t, err)
	var names []string
	for _, c := range cases {
		names = append(names, c.Name)
	}
	assert.Equal(t, []string{"one", "two", "three"}, names)
	assert.Len(t, Filter(cases, regexp.MustCompile("^t")), 2)
	assert.Empty(t, Filter(cases, regexp.MustCompile("none")))

	empty := t.TempDir()
	_, err = Collect([]string{empty}, "", getenv)
	assert.ErrorContains(t, err, "no case files (*.json) in")
	require.NoError(t, os.WriteFile(filepath.Join(empty, "e.json"), []byte(`[]`), 0o644))
	_, err = Collect([]string{empty}, "", getenv)
	assert.ErrorContains(t, err, "no test cases in")
	_, err = Collect(nil, empty, getenv)
	assert.ErrorContains(t, err, "no test cases: "+filepath.Join(empty, DefaultDir)+" does not exist")
}

// TestOverlayGetenv: a case's env comes first, hookexec's after it.
func TestOverlayGetenv(t *testing.T) {
	t.Parallel()
	base := func(name string) string { return "base-" + name }
	get := overlayGetenv(base, map[string]string{"A": "case", "E": ""})
	assert.Equal(t, "case", get("A"))
	assert.Equal(t, "", get("E"), "set empty by the case")
	assert.Equal(t, "base-B", get("B"))
}
