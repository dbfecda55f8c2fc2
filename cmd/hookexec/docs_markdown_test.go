package main

import (
	"strings"
)

// codeLine is one line of a Markdown code block: its text (the block's
// indentation removed, continued lines joined), its 1-based line number
// in the file (of the first line when lines were joined) and its block's
// number.
type codeLine struct {
	Line  int
	Text  string
	Block int
}

// codeLines returns every line of every code block of a Markdown document:
// fenced blocks (``` or ~~~, of any language, at any indentation, so also
// those inside list items) and indented blocks (four spaces or a tab after
// a blank line, outside lists: an indented line that continues a list item
// is not code). A line ending in a backslash is joined with the next one.
func codeLines(doc string) []codeLine {
	lines := strings.Split(doc, "\n")
	var out []codeLine
	var (
		fence      string // the open fence's marker ("```", "~~~~", ...), "" outside
		fenceStrip int    // the open fence's indentation, removed from its lines
		prevBlank  = true // the previous line was blank (or the start)
		prevText   bool   // the previous line was a paragraph's text
		inList     bool   // inside a list item: indented lines continue it
		inIndented bool   // inside an indented code block
		block      int    // the number of the current or last block
	)
	for i, raw := range lines {
		line := strings.TrimRight(raw, "\r")
		trimmed := strings.TrimLeft(line, " \t")
		indent := len(line) - len(trimmed)
		blank := trimmed == ""
		text := false
		switch {
		case fence != "":
			if closesFence(trimmed, fence) {
				fence = ""
			} else {
				out = append(out, codeLine{Line: i + 1, Text: stripIndent(line, fenceStrip), Block: block})
			}
		case inIndented && (blank || isIndented(line)):
			if !blank {
				out = append(out, codeLine{Line: i + 1, Text: stripIndent(line, 4), Block: block})
			}
		case blank:
			// A blank line does not end a list.
		case fenceMarker(trimmed) != "":
			fence, fenceStrip = fenceMarker(trimmed), indent
			inIndented = false
			block++
			if indent == 0 {
				inList = false
			}
		case isIndented(line) && (inList || !prevBlank):
			// A list item's continuation (a paragraph, a nested list), or
			// a paragraph's: not code.
			text = !inList || prevText
		case isIndented(line):
			inIndented = true
			block++
			out = append(out, codeLine{Line: i + 1, Text: stripIndent(line, 4), Block: block})
		case indent < 4 && isHTMLComment(trimmed):
			// A comment alone on its line (<!-- quickstart -->) is an HTML
			// block that ends there: the next line starts afresh, as after
			// a blank line, so an indented block may follow it.
			inIndented = false
			if indent == 0 {
				inList = false
			}
			blank = true
		default:
			inIndented = false
			switch {
			case indent < 4 && isListItem(trimmed):
				inList = true
			case indent == 0 && !prevText:
				inList = false // not a lazy continuation of the item's text
			}
			text = true
		}
		prevBlank, prevText = blank, text
	}
	return joinContinued(out)
}

// closesFence: the line ends the block the fence opened (the same
// character, at least as many, nothing else).
func closesFence(trimmed, fence string) bool {
	t := strings.TrimSpace(trimmed)
	return strings.HasPrefix(t, fence[:1]) && strings.Trim(t, fence[:1]) == "" && len(t) >= len(fence)
}

// fenceMarker is the fence a line opens ("```", "~~~~", ...) or "".
func fenceMarker(trimmed string) string {
	for _, c := range []string{"`", "~"} {
		n := len(trimmed) - len(strings.TrimLeft(trimmed, c))
		if n >= 3 {
			return strings.Repeat(c, n)
		}
	}
	return ""
}

// isHTMLComment: the line is one HTML comment, "<!-- ... -->".
func isHTMLComment(trimmed string) bool {
	t := strings.TrimSpace(trimmed)
	return strings.HasPrefix(t, "<!--") && strings.HasSuffix(t, "-->")
}

func isIndented(line string) bool {
	return strings.HasPrefix(line, "    ") || strings.HasPrefix(line, "\t")
}

// isListItem: "- ", "* ", "+ ", "1. ", "1) ".
func isListItem(trimmed string) bool {
	if len(trimmed) >= 2 && strings.ContainsRune("-*+", rune(trimmed[0])) && trimmed[1] == ' ' {
		return true
	}
	i := 0
	for i < len(trimmed) && trimmed[i] >= '0' && trimmed[i] <= '9' {
		i++
	}
	return i > 0 && i+1 < len(trimmed) && (trimmed[i] == '.' || trimmed[i] == ')') && trimmed[i+1] == ' '
}

// stripIndent removes up to n columns of leading spaces (a tab counts as
// four).
func stripIndent(line string, n int) string {
	for n > 0 && line != "" {
		switch line[0] {
		case ' ':
			n--
		case '\t':
			n -= 4
		default:
			return line
		}
		line = line[1:]
	}
	return line
}

// joinContinued joins a line that the shell continues on the next line of
// the same block: one ending in a backslash (dropped), "|" or "&&".
func joinContinued(in []codeLine) []codeLine {
	var out []codeLine
	for i := 0; i < len(in); i++ {
		cur := in[i]
		for i+1 < len(in) && in[i+1].Line == in[i].Line+1 && in[i+1].Block == cur.Block {
			text, ok := continued(cur.Text)
			if !ok {
				break
			}
			i++
			cur.Text = text + " " + strings.TrimSpace(in[i].Text)
		}
		out = append(out, cur)
	}
	return out
}

// continued reports whether the shell reads the line after text as part
// of it, and the text to join that line to.
func continued(text string) (string, bool) {
	t := strings.TrimRight(text, " \t")
	switch {
	case strings.HasSuffix(t, "\\"):
		return strings.TrimSuffix(t, "\\"), true
	case strings.HasSuffix(t, "|"), strings.HasSuffix(t, "&&"):
		return t, true
	}
	return text, false
}

// commandLines are the lines of code that may run commands: in a block
// that shows a "$ " prompt, only its prompt lines (the others are output);
// in any other block, every line.
func commandLines(lines []codeLine) []codeLine {
	prompted := map[int]bool{}
	for _, l := range lines {
		if strings.HasPrefix(strings.TrimSpace(l.Text), "$ ") {
			prompted[l.Block] = true
		}
	}
	var out []codeLine
	for _, l := range lines {
		if !prompted[l.Block] || strings.HasPrefix(strings.TrimSpace(l.Text), "$ ") {
			out = append(out, l)
		}
	}
	return out
}
