package main

import (
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/spf13/cobra/doc"
	"github.com/stretchr/testify/require"
)

// cliDocs is where the CLI reference lives: docs/cli/hookexec.md, the
// index, and a page per command.
const cliDocs = "../../docs/cli"

// TestCLIReference: docs/cli/ is what cobra's markdown generator makes of
// hookexec's command tree (every visible command: its use line, Long,
// Example, flags, inherited flags and related commands; hidden commands
// left out), so help and docs cannot drift. A stale page, a missing one or
// one too many fails; HOOKEXEC_UPDATE_DOCS=1 writes docs/cli/ instead.
func TestCLIReference(t *testing.T) {
	t.Parallel()
	want := generateCLIReference(t)
	if os.Getenv("HOOKEXEC_UPDATE_DOCS") == "1" {
		writeCLIReference(t, want)
		return
	}
	got := readCLIReference(t)
	var problems []string
	for _, name := range sortedKeys(want) {
		switch page, ok := got[name]; {
		case !ok:
			problems = append(problems, "missing: docs/cli/"+name)
		case page != want[name]:
			problems = append(problems, "stale: docs/cli/"+name)
		}
	}
	for _, name := range sortedKeys(got) {
		if _, ok := want[name]; !ok {
			problems = append(problems, "not a command's page: docs/cli/"+name)
		}
	}
	if len(problems) > 0 {
		t.Errorf("docs/cli/ disagrees with the commands:\n\t%s\n"+
			"Run HOOKEXEC_UPDATE_DOCS=1 go test -run TestCLIReference ./cmd/hookexec and commit docs/cli/.",
			strings.Join(problems, "\n\t"))
	}
}

// generateCLIReference renders the pages into a temporary directory and
// returns them by file name. The tree is the one `hookexec --help` sees,
// built with an empty environment so that no default depends on this
// machine.
func generateCLIReference(t *testing.T) map[string]string {
	t.Helper()
	a := &app{stdin: strings.NewReader(""), stdout: io.Discard, stderr: io.Discard, getenv: func(string) string { return "" }}
	root := a.rootCommand("")
	root.InitDefaultHelpCmd()
	root.InitDefaultVersionFlag()
	root.DisableAutoGenTag = true
	dir := t.TempDir()
	identity := func(s string) string { return s }
	prepend := func(string) string { return "" }
	require.NoError(t, doc.GenMarkdownTreeCustom(root, dir, prepend, identity))
	return readPages(t, dir)
}

func readCLIReference(t *testing.T) map[string]string {
	t.Helper()
	if _, err := os.Stat(cliDocs); os.IsNotExist(err) {
		return map[string]string{}
	}
	return readPages(t, cliDocs)
}

// readPages reads the *.md files of dir (and, to be reported, anything
// else in it).
func readPages(t *testing.T, dir string) map[string]string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	pages := map[string]string{}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		require.NoError(t, err)
		pages[e.Name()] = string(data)
	}
	return pages
}

// writeCLIReference replaces docs/cli/ with the pages.
func writeCLIReference(t *testing.T, pages map[string]string) {
	t.Helper()
	require.NoError(t, os.RemoveAll(cliDocs))
	require.NoError(t, os.MkdirAll(cliDocs, 0o755))
	for name, page := range pages {
		require.NoError(t, os.WriteFile(filepath.Join(cliDocs, name), []byte(page), 0o644))
	}
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
