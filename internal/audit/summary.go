package audit

import (
	"strings"
	"unicode/utf8"
)

// Summarize is s as the log keeps it: secrets masked (Mask), at most
// SummaryBytes, cut on a character boundary with "…" when longer. Only
// the start of a long s is read, so a huge input costs no more than a
// short one.
func Summarize(s string) string { return shorten(s, SummaryBytes) }

// Excerpt is Summarize for a hook's output: at most ExcerptBytes.
func Excerpt(s string) string { return shorten(s, ExcerptBytes) }

// ellipsis marks text that was cut.
const ellipsis = "…"

// shorten masks the start of s and cuts it to limit bytes. Masking reads
// four times limit (a masked secret shortens the text), ending at a space
// when there is one so that no secret is cut in two before it is masked.
func shorten(s string, limit int) string {
	s = strings.ToValidUTF8(headAtSpace(s, 4*limit), "\uFFFD")
	return cut(Mask(s), limit)
}

// headAtSpace is the first n bytes of s, or less: up to its last space
// when it has one there.
func headAtSpace(s string, n int) string {
	if len(s) <= n {
		return s
	}
	head := s[:n]
	if i := strings.LastIndexAny(head, " \t\r\n"); i > 0 {
		return head[:i] + " " + ellipsis
	}
	return head + ellipsis
}

// cut is s when it fits in limit bytes, else its start, never cut inside
// a UTF-8 sequence, and "…", limit bytes at most.
func cut(s string, limit int) string {
	if len(s) <= limit {
		return s
	}
	keep := limit - len(ellipsis)
	for keep > 0 && !utf8.RuneStart(s[keep]) {
		keep--
	}
	return s[:keep] + ellipsis
}

// inputText is what a record says of the input (the normalized view's
// fields): the shell command, else the paths the tool names, else the
// prompt; never file contents.
func inputText(command string, paths []string, prompt string) string {
	switch {
	case command != "":
		return command
	case len(paths) > 0:
		return strings.Join(paths, " ")
	}
	return prompt
}
