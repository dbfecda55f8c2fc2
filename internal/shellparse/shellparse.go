// Package shellparse parses shell text with mvdan.cc/sh within bounds.
//
// The parser recurses once per nesting level (subshells, groups, command,
// process and arithmetic substitutions, parameter expansions, compound
// commands), and a deep enough nesting overflows the goroutine stack: a
// fatal error that no recover catches, so a tool call of `$(` repeated a
// million times would crash hookexec in the middle of an event. Its memory
// also grows with the text. Text that a model or a repository controls (a
// tool call's command tested by a hook's "if", a config's hook command) is
// therefore checked first: text that is too large or nested too deeply is
// an error, as a syntax error is, and each caller already treats a text it
// cannot parse on the safe side (a guard runs, a command is left as
// written, validate reports it).
package shellparse

import (
	"errors"
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

const (
	// MaxSize is the largest text parsed, in bytes: far more than any
	// hook command or one-line tool call, and a bounded parse (tens of
	// MB at worst).
	MaxSize = 256 << 10
	// MaxDepth is the deepest nesting parsed (Depth): real commands stay
	// below ten levels.
	MaxDepth = 200
)

// ErrTooComplex is wrapped by the error of a text that was not parsed
// because it is too large or nested too deeply.
var ErrTooComplex = errors.New("shell text too complex to parse")

// Parse parses src in the given shell language, after checking its size
// and nesting.
func Parse(src string, lang syntax.LangVariant) (*syntax.File, error) {
	if len(src) > MaxSize {
		return nil, fmt.Errorf("%w: %d bytes, more than %d KiB", ErrTooComplex, len(src), MaxSize>>10)
	}
	if d := Depth(src); d > MaxDepth {
		return nil, fmt.Errorf("%w: nested more than %d levels deep", ErrTooComplex, MaxDepth)
	}
	return syntax.NewParser(syntax.Variant(lang)).Parse(strings.NewReader(src), "")
}

// Depth is how deeply src nests, as the parser would recurse: the highest
// count of open brackets ( { [ and of the words that open a compound
// command (if, case, while, until, for, select) not yet closed by their
// bracket or their closing word (fi, esac, done). Quoting is ignored, so
// brackets inside strings count: the result is never below the real
// nesting but for case patterns, whose ")" closes nothing (their nesting
// is bounded by MaxSize instead).
func Depth(src string) int {
	d, deepest := 0, 0
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '(' || c == '{' || c == '[':
			d++
		case c == ')' || c == '}' || c == ']':
			d = max(d-1, 0)
		case isWordByte(c):
			j := i + 1
			for j < len(src) && isWordByte(src[j]) {
				j++
			}
			switch src[i:j] {
			case "if", "case", "while", "until", "for", "select":
				d++
			case "fi", "esac", "done":
				d = max(d-1, 0)
			}
			i = j
			deepest = max(deepest, d)
			continue
		}
		deepest = max(deepest, d)
		i++
	}
	return deepest
}

func isWordByte(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}
