package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// docsRoot is the repository root, where README.md, docs/ and the Makefile
// are.
const docsRoot = "../.."

// docsNotChecked are the pages of docs/ whose commands are not checked,
// each with its reason.
var docsNotChecked = map[string]string{
	"docs/cli":           "generated from the commands by TestCLIReference: its examples are the commands' own",
	"docs/e2e.md":        "CI's report of the end-to-end suites against the real agents, not instructions",
	"docs/benchmarks.md": "a report of measurements; its commands run the benchmark harness",
	"docs/soak.md":       "a report of the soak runs (make soak)",
	"docs/fuzzing.md":    "a report of the fuzzing runs (make fuzz)",
}

// docsExempt are documented commands no script runs, each with its
// reason. Keys are the command as the failure message prints it, on any
// page (pages move; the reason stays). An entry no doc needs any more
// fails the test, so the list stays short.
var docsExempt = map[string]string{
	"hookexec serve --http 127.0.0.1:41000": "binds the user's fixed port and runs until stopped; " +
		"scripts and serve_http_test.go run serve --http on a free port",
	"hookexec serve --http 127.0.0.1:41000 --ensure": "starts a lasting server on the user's fixed port; " +
		"serve_ensure_test.go runs --ensure on a free port",
	"hookexec fire EVENT '[--config' FILE]... '[--input' FILE] '[--project-dir' DIR] '[--dialect' D]": "a usage synopsis, not a command",
	"hookexec plan EVENT '[--config' FILE]... '[--input' FILE] '[--project-dir' DIR] '[--dialect' D]": "a usage synopsis, not a command",
	"hookexec validate '[FILE...]' '[--format' text":                                                  "a usage synopsis, not a command",
}

// TestDocsCommandsAreTested: every hookexec command in a code block of
// README.md and of the pages of docs/ is run, with the same arguments, by
// an `exec hookexec ...` (or `! exec hookexec ...`) line of a script in
// testdata/script, so no documented command rots.
//
// A command in a doc is found in a fenced or indented code block: a line
// that starts with hookexec, bin/hookexec or ./bin/hookexec (after a "$ "
// prompt), or that runs it after "|" or "&&". In a block that shows a "$ "
// prompt only the prompt lines count (the others are output). The shell's
// rules read the line (quotes, a trailing # comment, redirections such as
// "< event.json"; a trailing backslash, "|" or "&&" joins the next line),
// and its arguments are compared with the script line's as testscript
// reads them.
// An argument with an expansion on either side ($V, $(...), ~ in a doc;
// $WORK in a script) matches any argument in its place: a doc says
// "$HOME/x" or "~/.claude" where a script says "$WORK/x".
//
// It also checks that each `make TARGET` in a code block of README.md is a
// target of the Makefile.
func TestDocsCommandsAreTested(t *testing.T) {
	t.Parallel()
	scripts := scriptCommands(t)
	re := runsHookexecRE()
	var missing []string
	checked := 0
	usedExemptions := map[string]bool{}
	for _, file := range docFiles(t) {
		data, err := os.ReadFile(filepath.Join(docsRoot, file))
		require.NoError(t, err)
		for _, cl := range commandLines(codeLines(string(data))) {
			for _, cmd := range docCommands(cl.Text, re) {
				checked++
				if os.Getenv("HOOKEXEC_LIST_DOC_COMMANDS") == "1" {
					t.Logf("%s:%d: hookexec %s", file, cl.Line, cmd)
				}
				if covered(cmd, scripts) {
					continue
				}
				shown := "hookexec " + cmd.String()
				if _, ok := docsExempt[shown]; ok {
					usedExemptions[shown] = true
					continue
				}
				missing = append(missing, fmt.Sprintf("%s:%d: %s", file, cl.Line, shown))
			}
		}
	}
	// The docs show dozens of commands: none found means the reading broke.
	require.Greater(t, checked, 10, "found almost no hookexec commands in the docs' code blocks")
	if len(missing) > 0 {
		t.Errorf("%d documented commands are run by no script in testdata/script:\n\t%s\n"+
			"Write a testscript (testdata/script/docs_PAGE.txtar) that runs each with `exec hookexec ...` "+
			"and checks its output, or change the doc (literal, runnable arguments; placeholders go in prose).",
			len(missing), strings.Join(missing, "\n\t"))
	}
	for cmd := range docsExempt {
		if !usedExemptions[cmd] {
			t.Errorf("docsExempt: %q is no longer a documented command that no script runs: take it out of the list", cmd)
		}
	}
	checkMakeTargets(t)
}

// docFiles: README.md and every docs/**/*.md but docsNotChecked.
func docFiles(t *testing.T) []string {
	t.Helper()
	files := []string{"README.md"}
	err := filepath.WalkDir(filepath.Join(docsRoot, "docs"), func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(docsRoot, path)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if _, skip := docsNotChecked[rel]; skip {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.IsDir() && strings.HasSuffix(rel, ".md") {
			files = append(files, rel)
		}
		return nil
	})
	require.NoError(t, err)
	sort.Strings(files[1:])
	return files
}

// scriptCommands: the hookexec commands the scripts run.
func scriptCommands(t *testing.T) []command {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(docsRoot, "testdata", "script", "*.txtar"))
	require.NoError(t, err)
	require.NotEmpty(t, paths)
	var out []command
	for _, p := range paths {
		data, err := os.ReadFile(p)
		require.NoError(t, err)
		for _, line := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(line, "-- ") && strings.HasSuffix(strings.TrimSpace(line), " --") {
				break // the archive's files begin
			}
			if cmd, ok := scriptCommand(line); ok {
				out = append(out, cmd)
			}
		}
	}
	return out
}

func covered(cmd command, scripts []command) bool {
	for _, s := range scripts {
		if cmd.matches(s) {
			return true
		}
	}
	return false
}

// checkMakeTargets: each "make TARGET..." in a code block of README.md
// names targets of the Makefile.
func checkMakeTargets(t *testing.T) {
	t.Helper()
	mk, err := os.ReadFile(filepath.Join(docsRoot, "Makefile"))
	require.NoError(t, err)
	targets := map[string]bool{}
	rule := regexp.MustCompile(`^([A-Za-z0-9_.%/-]+(?:\s+[A-Za-z0-9_.%/-]+)*)\s*:([^=]|$)`)
	for _, line := range strings.Split(string(mk), "\n") {
		if m := rule.FindStringSubmatch(line); m != nil {
			for _, name := range strings.Fields(m[1]) {
				targets[name] = true
			}
		}
	}
	readme, err := os.ReadFile(filepath.Join(docsRoot, "README.md"))
	require.NoError(t, err)
	makeRE := regexp.MustCompile(`(?:^|&&\s*|;\s*|\|\s*)make((?:\s+[A-Za-z0-9_.-]+)+)`)
	for _, cl := range commandLines(codeLines(string(readme))) {
		line := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(cl.Text), "$ "))
		for _, m := range makeRE.FindAllStringSubmatch(line, -1) {
			for _, name := range strings.Fields(m[1]) {
				if strings.Contains(name, "=") || strings.HasPrefix(name, "-") {
					continue // a variable or an option
				}
				require.True(t, targets[name], "README.md:%d: make %s: the Makefile has no target %q", cl.Line, name, name)
			}
		}
	}
}
