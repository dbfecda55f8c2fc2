package main

import (
	"strings"
)

// codeLine is one line of a Markdown code block: its text (the block's
// indentation removed, continued lines joined) and its 1-based line number
// in the file (of the first line when lines were joined).
type codeLine struct {
	Line int
	Text string
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
		inList     bool   // inside a list item: indented lines continue it
		inIndented bool   // inside an indented code block
	)
	for i, raw := range lines {
		line := strings.TrimRight(raw, "\r")
		trimmed := strings.TrimLeft(line, " \t")
		indent := len(line) - len(trimmed)
		if fence != "" {
			if strings.HasPrefix(trimmed, fence[:1]) && strings.TrimRight(trimmed, fence[:1]) == "" && len(strings.TrimSpace(trimmed)) >= len(fence) {
				fence = ""
				prevBlank = false
				continue
			}
			out = append(out, codeLine{Line: i + 1, Text: stripIndent(line, fenceStrip)})
			continue
		}
		if m := fenceMarker(trimmed); m != "" && !inIndented {
			fence, fenceStrip = m, indent
			continue
		}
		blank := trimmed == ""
		switch {
		case blank:
			// A blank line neither ends a list nor an indented block.
		case inIndented && isIndented(line):
			out = append(out, codeLine{Line: i + 1, Text: stripIndent(line, 4)})
		case isIndented(line) && inList:
			// A list item's continuation (a paragraph, a nested list).
		case isIndented(line) && prevBlank:
			inIndented = true
			out = append(out, codeLine{Line: i + 1, Text: stripIndent(line, 4)})
		default:
			inIndented = false
			if indent < 4 && isListItem(trimmed) {
				inList = true
			} else if indent == 0 && prevBlank {
				inList = false
			}
		}
		prevBlank = blank
	}
	return joinContinued(out)
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

// joinContinued joins a line that ends in a backslash with the next one of
// the same block.
func joinContinued(in []codeLine) []codeLine {
	var out []codeLine
	for i := 0; i < len(in); i++ {
		cur := in[i]
		for strings.HasSuffix(cur.Text, "\\") && i+1 < len(in) && in[i+1].Line == in[i].Line+1 {
			i++
			cur.Text = strings.TrimSuffix(cur.Text, "\\") + " " + strings.TrimSpace(in[i].Text)
		}
		out = append(out, cur)
	}
	return out
}
