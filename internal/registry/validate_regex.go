package registry

import (
	"errors"
	"strings"
)

// patternMessage renders a matcher compile error; when validating (the
// decoder has a linter) it explains JavaScript-only regular expression
// syntax, the usual reason a matcher copied from an agent's docs does not
// compile (SPEC §3.1).
func (d *fileDecoder) patternMessage(err error) string {
	if err == nil {
		return ""
	}
	msg := err.Error()
	var pe *PatternError
	if d.lint != nil && errors.As(err, &pe) {
		if hint := regexHint(pe.Pattern); hint != "" {
			msg += " (" + hint + ")"
		}
	}
	return msg
}

// hasBackReference reports \1 ... \9 or \k<name> (not an escaped
// backslash before a digit, \\1).
func hasBackReference(p string) bool {
	for i := 0; i+1 < len(p); i++ {
		if p[i] != '\\' {
			continue
		}
		c := p[i+1]
		if c >= '1' && c <= '9' || c == 'k' && i+2 < len(p) && p[i+2] == '<' {
			return true
		}
		i++ // skip the escaped character
	}
	return false
}

// regexHint explains JavaScript (and PCRE) syntax that Go's RE2 does not
// support, or returns "".
func regexHint(pattern string) string {
	for _, s := range []string{"(?=", "(?!", "(?<=", "(?<!"} {
		if strings.Contains(pattern, s) {
			return "look-around such as " + s + "...) is JavaScript syntax that Go regular expressions (RE2) do not support; " +
				"match the names you want instead, or test the value in the hook"
		}
	}
	if hasBackReference(pattern) {
		return `back-references such as \1 or \k<name> are JavaScript syntax that Go regular expressions (RE2) do not support`
	}
	return ""
}
