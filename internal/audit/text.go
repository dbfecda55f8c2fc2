package audit

import (
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Tone is what a decision's colour says; Paint turns text into its
// coloured form (nil paints nothing), so that the renderers never know
// whether or how a terminal is coloured.
type Tone int

// The tones of the decision column.
const (
	ToneNone Tone = iota
	ToneStop      // blocked, denied, an error
	ToneGo        // allowed
	ToneWarn      // ask, a warning
)

// Paint colours text in a tone.
type Paint func(t Tone, text string) string

func (p Paint) paint(t Tone, text string) string {
	if p == nil || t == ToneNone {
		return text
	}
	return p(t, text)
}

// clean makes s safe to print on a terminal: every character that is not
// printable (controls, escape sequences' introducers, bidirectional
// overrides) becomes '?', with keep's exceptions ('\n' in a block).
func clean(s string, keepNewlines bool) string {
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "?")
	}
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\n' && keepNewlines:
			return r
		case r == '\t', r == '\n', r == '\r':
			return ' '
		case r == ' ' || unicode.IsPrint(r):
			return r
		}
		return '?'
	}, s)
}

// clip is s on one line, cleaned, at most n characters (the last one "…"
// when it was cut).
func clip(s string, n int) string {
	s = strings.TrimSpace(clean(s, false))
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// pad is s padded with spaces to n characters.
func pad(s string, n int) string {
	if k := utf8.RuneCountInString(s); k < n {
		return s + strings.Repeat(" ", n-k)
	}
	return s
}

// or is s, or dash when s is empty.
func or(s, dash string) string {
	if s == "" {
		return dash
	}
	return s
}

// shortFile is a config file's last two elements ("…/.hookexec/hooks.json"
// reads ".hookexec/hooks.json"), enough on a line of the log.
func shortFile(file string) string {
	dir, base := filepath.Split(filepath.Clean(file))
	parent := filepath.Base(dir)
	if dir == "" || parent == string(filepath.Separator) || parent == "." {
		return file
	}
	return filepath.Join(parent, base)
}

// decisionOf is a record's decision column and its tone: BLOCKED, error,
// the decision, or "-" when no hook decided.
func decisionOf(r Record) (string, Tone) {
	switch {
	case r.Blocked:
		return "BLOCKED", ToneStop
	case r.Error != "":
		return "error", ToneStop
	case r.Decision == "deny" || r.Decision == "block":
		return r.Decision, ToneStop
	case r.Decision == "allow" || r.Decision == "approve":
		return r.Decision, ToneGo
	case r.Decision == "ask":
		return r.Decision, ToneWarn
	case r.Decision == "":
		return "-", ToneNone
	}
	return clip(r.Decision, 7), ToneNone
}
