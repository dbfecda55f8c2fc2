package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// TestDocsLinksResolve: every relative link of README.md and docs/**/*.md
// ([text](path.md#anchor), [text](#anchor)) names a file or directory of
// the repository, and an anchor names a heading of the page it points at
// (GitHub's rule for heading anchors), so moving a section cannot leave a
// reader at a dead end.
func TestDocsLinksResolve(t *testing.T) {
	t.Parallel()
	root := filepath.Join("..", "..")
	pages := []string{filepath.Join(root, "README.md")}
	err := filepath.WalkDir(filepath.Join(root, "docs"), func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".md") {
			pages = append(pages, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	anchors := map[string]map[string]bool{}
	anchorsOf := func(page string) (map[string]bool, error) {
		if a, ok := anchors[page]; ok {
			return a, nil
		}
		data, err := os.ReadFile(page)
		if err != nil {
			return nil, err
		}
		a := headingAnchors(string(data))
		anchors[page] = a
		return a, nil
	}
	linkRE := regexp.MustCompile(`\]\(([^)\s]+)\)`)
	for _, page := range pages {
		data, err := os.ReadFile(page)
		if err != nil {
			t.Fatal(err)
		}
		for n, line := range proseLines(string(data)) {
			for _, m := range linkRE.FindAllStringSubmatch(line, -1) {
				if problem := checkLink(page, m[1], anchorsOf); problem != "" {
					rel, _ := filepath.Rel(root, page)
					t.Errorf("%s:%d: link %s: %s", filepath.ToSlash(rel), n+1, m[1], problem)
				}
			}
		}
	}
}

// checkLink says what is wrong with one link target of page, or "".
func checkLink(page, target string, anchorsOf func(string) (map[string]bool, error)) string {
	if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
		return ""
	}
	path, anchor, _ := strings.Cut(target, "#")
	dest := page
	if path != "" {
		dest = filepath.Join(filepath.Dir(page), filepath.FromSlash(path))
		info, err := os.Stat(dest)
		if err != nil {
			return "no such file or directory"
		}
		if info.IsDir() {
			if anchor != "" {
				return "an anchor on a directory"
			}
			return ""
		}
	}
	if anchor == "" || !strings.HasSuffix(dest, ".md") {
		return ""
	}
	a, err := anchorsOf(dest)
	if err != nil {
		return err.Error()
	}
	if !a[anchor] {
		return fmt.Sprintf("no heading with the anchor #%s", anchor)
	}
	return ""
}

// proseLines returns the page's lines with code (fenced blocks, indented
// blocks, inline code spans) blanked, keeping the line numbers.
func proseLines(doc string) []string {
	lines := strings.Split(doc, "\n")
	out := make([]string, len(lines))
	fenced := false
	prevBlank := true
	indented := false
	codeSpan := regexp.MustCompile("`[^`]*`")
	for i, line := range lines {
		trimmed := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(trimmed, "```"):
			fenced = !fenced
		case fenced:
		case strings.HasPrefix(line, "    ") && (prevBlank || indented) && trimmed != "":
			indented = true
		default:
			if trimmed != "" {
				indented = false
			}
			out[i] = codeSpan.ReplaceAllString(line, "``")
		}
		prevBlank = trimmed == ""
	}
	return out
}

// headingAnchors lists the anchors GitHub gives the headings of doc
// (lower case, punctuation dropped, spaces as dashes, -1, -2 ... for
// repeats).
func headingAnchors(doc string) map[string]bool {
	seen := map[string]int{}
	anchors := map[string]bool{}
	linkText := regexp.MustCompile(`\[([^\]]*)\]\([^)]*\)`)
	fenced := false
	for _, line := range strings.Split(doc, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if fenced || !strings.HasPrefix(line, "#") {
			continue
		}
		text := strings.TrimLeft(line, "#")
		if text == "" || text[0] != ' ' {
			continue
		}
		text = linkText.ReplaceAllString(strings.TrimSpace(text), "$1")
		var b strings.Builder
		for _, r := range strings.ToLower(text) {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				b.WriteRune(r)
			}
		}
		anchor := b.String()
		if n := seen[anchor]; n > 0 {
			anchors[fmt.Sprintf("%s-%d", anchor, n)] = true
		} else {
			anchors[anchor] = true
		}
		seen[anchor]++
	}
	return anchors
}
