package matcher

import "strings"

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

// Hint explains syntax that pattern's regular expression language does
// not have, or returns "": in JavaScript (js: the agents' dialects), PCRE and .NET syntax
// that JavaScript rejects; in the native dialect, JavaScript syntax that
// Go's RE2 does not support.
func Hint(js bool, pattern string) string {
	if js {
		return jsRegexHint(pattern)
	}
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

// jsRegexHint explains PCRE and .NET group syntax that a JavaScript
// regular expression rejects, or returns "".
func jsRegexHint(pattern string) string {
	for i := 0; ; i++ {
		j := strings.Index(pattern[i:], "(?")
		if j < 0 {
			return ""
		}
		i += j
		if !jsGroupOpener(pattern[i+2:]) {
			return groupHead(pattern[i:]) + " is PCRE or .NET syntax: JavaScript regular expressions have no inline flags such as (?i), " +
				"comments, atomic groups or (?P<name>...), and the agent rejects this matcher; " +
				"write the alternatives out, e.g. [Bb]ash for (?i)bash"
		}
	}
}
