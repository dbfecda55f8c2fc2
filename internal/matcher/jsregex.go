package matcher

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/dlclark/regexp2"
)

// jsMatchTimeout bounds one test of a JavaScript regular expression. The
// engine backtracks, so a hostile pattern such as ^(a+)+$ could otherwise
// hold an event for ever; JavaScript has no such bound. A match that runs
// out of time counts as a match: the guard runs (jsMatcher.Match).
const jsMatchTimeout = 100 * time.Millisecond

// compileJS compiles p as Gemini CLI (`new RegExp(matcher)`) and Claude Code
// (`new RegExp(matcher)`) do: a JavaScript regular expression without flags,
// tested unanchored. regexp2's ECMAScript mode does the matching; jsSyntax
// first turns the .NET-only syntax regexp2 would accept into what
// JavaScript reads there, or rejects it as JavaScript does.
func compileJS(p string) (re *regexp2.Regexp, err error) {
	defer func() {
		// The pattern comes from a config file: a fault in the library
		// must make it "does not compile", never end hookexec.
		if r := recover(); r != nil {
			re, err = nil, fmt.Errorf("invalid JavaScript regular expression: %v", r)
		}
	}()
	translated, err := jsSyntax(p)
	if err != nil {
		return nil, err
	}
	re, err = regexp2.Compile(translated, regexp2.ECMAScript)
	if err != nil {
		return nil, fmt.Errorf("invalid JavaScript regular expression: %s", strings.TrimPrefix(err.Error(), "error parsing regexp: "))
	}
	re.MatchTimeout = jsMatchTimeout
	return re, nil
}

// jsSyntax rewrites pattern p, written for JavaScript's RegExp without the
// u flag, into the same expression for regexp2's ECMAScript mode, which is
// .NET's syntax with JavaScript's semantics:
//   - an escaped letter JavaScript does not know (\A, \Z, \z, \G, \e, \a,
//     \p, \h, \Q ...) is that letter, as JavaScript reads it (Annex B
//     identity escapes); .NET reads anchors, bells or errors there;
//   - \xH and \uHHH without enough hex digits are the letter x or u, \c
//     not followed by a letter is a backslash and c, \k without named
//     groups in the pattern is the letter k;
//   - "[" inside a character class is a literal "[" (.NET reads POSIX
//     classes and class subtraction there);
//   - a group "(?" must be (?:, (?=, (?!, (?<=, (?<!, (?<name> or a
//     modifier group such as (?i:...): .NET's (?i), (?#...), (?>...),
//     (?'name'...) and (?<1>...) are syntax errors in JavaScript.
func jsSyntax(p string) (string, error) {
	namedGroups := hasNamedGroup(p)
	var b strings.Builder
	inClass := false
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c == '\\':
			if i+1 == len(p) {
				return "", errors.New(`invalid JavaScript regular expression: \ at end of pattern`)
			}
			i++
			b.WriteString(jsEscape(p[i:], inClass, namedGroups))
		case inClass && c == ']':
			inClass = false
			b.WriteByte(c)
		case inClass && c == '[':
			b.WriteString(`\[`)
		case inClass:
			b.WriteByte(c)
		case c == '[':
			inClass = true
			b.WriteByte(c)
		case c == '(' && strings.HasPrefix(p[i+1:], "?"):
			if !jsGroupOpener(p[i+2:]) {
				return "", fmt.Errorf("invalid JavaScript regular expression: invalid group %q", groupHead(p[i:]))
			}
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String(), nil
}

// jsEscape returns what the escape whose character starts rest (the text
// after the backslash) becomes for regexp2, as JavaScript reads it.
func jsEscape(rest string, inClass, namedGroups bool) string {
	c, escaped := rest[0], `\`+rest[:1]
	switch {
	case c >= '0' && c <= '9', !isASCIILetter(c):
		return escaped // digits as JavaScript reads them; punctuation, non-ASCII
	case strings.IndexByte("dDwWsSnrtfv", c) >= 0, c == 'b', c == 'B' && !inClass:
		return escaped
	case c == 'c':
		if len(rest) > 1 && isASCIILetter(rest[1]) {
			return `\c`
		}
		return `\\c`
	case c == 'x' && hexDigits(rest[1:]) >= 2, c == 'u' && hexDigits(rest[1:]) >= 4:
		return escaped
	case c == 'k' && namedGroups:
		return `\k`
	default:
		return rest[:1]
	}
}

// jsGroupOpener reports whether rest, the text after "(?", opens a group
// JavaScript knows.
func jsGroupOpener(rest string) bool {
	switch {
	case rest == "":
		return false
	case strings.HasPrefix(rest, ":"), strings.HasPrefix(rest, "="), strings.HasPrefix(rest, "!"),
		strings.HasPrefix(rest, "<="), strings.HasPrefix(rest, "<!"):
		return true
	case rest[0] == '<':
		end := strings.IndexByte(rest, '>')
		return end > 1 && isGroupName(rest[1:end])
	}
	// A modifier group, (?ims-ims:...): newer engines read it, older ones
	// reject it; reading it means the guard runs in more cases, never
	// fewer.
	mods, _, ok := strings.Cut(rest, ":")
	return ok && isModifiers(mods)
}

// isModifiers reports whether m is the flags part of a modifier group:
// i, m and s, each at most once, before or after one "-".
func isModifiers(m string) bool {
	on, off, hasOff := strings.Cut(m, "-")
	if hasOff && off == "" || on == "" && !hasOff {
		return false
	}
	all := on + off
	for _, f := range all {
		if !strings.ContainsRune("ims", f) || strings.Count(all, string(f)) > 1 {
			return false
		}
	}
	return true
}

// isGroupName reports whether s is a name a JavaScript group may have that
// regexp2 also accepts: a letter or _ first, then letters, digits and _.
func isGroupName(s string) bool {
	for i, r := range s {
		switch {
		case r == '_', r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r > 0x7f:
		case i > 0 && r >= '0' && r <= '9':
		default:
			return false
		}
	}
	return true
}

// hasNamedGroup reports whether p has a (?<name> group, which makes \k a
// back-reference in JavaScript.
func hasNamedGroup(p string) bool {
	for i := 0; ; {
		j := strings.Index(p[i:], "(?<")
		if j < 0 {
			return false
		}
		i += j + 3
		if i < len(p) && p[i] != '=' && p[i] != '!' {
			return true
		}
	}
}

// groupHead returns the start of a group for an error message: "(?" and
// what follows up to the next ")" or ":", at most 12 bytes.
func groupHead(s string) string {
	end := min(len(s), 12)
	if k := strings.IndexAny(s[2:end], ":)"); k >= 0 {
		end = k + 3
	}
	return s[:end]
}

func hexDigits(s string) int {
	n := 0
	for n < len(s) && strings.IndexByte("0123456789abcdefABCDEF", s[n]) >= 0 {
		n++
	}
	return n
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
