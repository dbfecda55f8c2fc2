package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

// readmePath is the README, read by the tests that keep it a short page for
// a new user whose every step runs.
const readmePath = "../../README.md"

// readReadme returns the README's text.
func readReadme(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(readmePath)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// readmeSection returns the text from the heading "## title" to the next
// "## " heading.
func readmeSection(t *testing.T, readme, title string) string {
	t.Helper()
	start := strings.Index(readme, "\n## "+title+"\n")
	if start < 0 {
		t.Fatalf("README.md has no section %q", title)
	}
	rest := readme[start+1:]
	if end := strings.Index(rest[3:], "\n## "); end >= 0 {
		rest = rest[:end+4]
	}
	return rest
}

// TestReadmeShape: the README stays a page a new user reads in one go, and
// its first code block is the two commands for a fresh machine.
func TestReadmeShape(t *testing.T) {
	t.Parallel()
	readme := readReadme(t)
	if n := strings.Count(readme, "\n"); n > 260 {
		t.Errorf("README.md has %d lines; keep it under 260 and move the rest to a docs/ page", n)
	}
	first := regexp.MustCompile(`(?m)^# hookexec\n\n    make demo +# .+\n    make test +# .+\n\n`)
	if !first.MatchString(readme) {
		t.Errorf("README.md must open with '# hookexec' and then the code block of 'make demo' and 'make test'")
	}
}

// TestReadmeQuickstartBlock: the quick start is one indented code block
// between its markers, one command a line, in the order a new user runs
// them; a test of the real Claude Code runs exactly these lines.
func TestReadmeQuickstartBlock(t *testing.T) {
	t.Parallel()
	readme := readReadme(t)
	_, after, ok := strings.Cut(readme, "\n<!-- quickstart -->\n")
	block, _, ok2 := strings.Cut(after, "\n<!-- /quickstart -->\n")
	if !ok || !ok2 {
		t.Fatal("README.md has no <!-- quickstart --> ... <!-- /quickstart --> lines")
	}
	var commands []string
	for _, line := range strings.Split(block, "\n") {
		if !strings.HasPrefix(line, "    ") || strings.TrimSpace(line) == "" {
			t.Fatalf("quick start line %q: every line must be a command indented by four spaces (one code block)", line)
		}
		command, _, _ := strings.Cut(strings.TrimSpace(line), "#")
		commands = append(commands, strings.TrimSpace(command))
	}
	want := []string{"cd ", "hookexec init --yes", "hookexec install claude", "hookexec doctor", "claude ", "hookexec log --blocked", "hookexec why"}
	if len(commands) != len(want) {
		t.Fatalf("quick start has %d commands %q; want %d starting with %q", len(commands), commands, len(want), want)
	}
	// "cd " and "claude " are prefixes; the hookexec commands are exact.
	for i, w := range want {
		if strings.HasSuffix(w, " ") && !strings.HasPrefix(commands[i], w) || !strings.HasSuffix(w, " ") && commands[i] != w {
			t.Errorf("quick start command %d is %q; want %q", i+1, commands[i], w)
		}
	}
}

// TestReadmeFirstPolicyFiles: the files the README's first policy shows
// are, byte for byte, the ones testdata/script/readme_first_policy.txtar
// runs, so what a reader copies is what was tested.
func TestReadmeFirstPolicyFiles(t *testing.T) {
	t.Parallel()
	section := readmeSection(t, readReadme(t), "Your first policy")
	blocks := regexp.MustCompile("(?s)```[a-z]+\n(.*?)```").FindAllStringSubmatch(section, -1)
	archive, err := txtar.ParseFile(filepath.Join("..", "..", "testdata", "script", "readme_first_policy.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	for _, f := range archive.Files {
		files[f.Name] = string(f.Data)
	}
	want := []string{"first/hooks.json", "first/no-terraform-destroy.sh", "first/house-rules.sh"}
	if len(blocks) != len(want) {
		t.Fatalf("the first policy shows %d files; the script has %q", len(blocks), want)
	}
	for i, name := range want {
		got, ok := files[name]
		if !ok {
			t.Fatalf("readme_first_policy.txtar has no file %s", name)
		}
		if got != blocks[i][1] {
			t.Errorf("README's block %d differs from readme_first_policy.txtar's %s:\nREADME:\n%s\nscript:\n%s", i+1, name, blocks[i][1], got)
		}
	}
}
