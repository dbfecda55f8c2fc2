package gemini

import "strings"

// ShellQuote quotes s as Gemini CLI 0.61 does for bash when it pastes a
// variable's value into a hook's command (escapeShellArg: "" for an empty
// value, else shell-quote 1.8.3's quote): '...' around a value with a
// double quote, a backslash or JavaScript white space and no single
// quote; "..." with " \ $ ` ! escaped around a value with a single quote;
// else a backslash before each of #!"$&'()*,:;<=>?@[\]^`{|}, except a ":"
// after a letter and before one of them.
func ShellQuote(s string) string {
	switch {
	case s == "":
		return ""
	case !strings.Contains(s, "'") && (strings.ContainsAny(s, `"\`) || strings.IndexFunc(s, isJSSpace) >= 0):
		return "'" + s + "'"
	case strings.Contains(s, "'"):
		var b strings.Builder
		b.WriteByte('"')
		for i := 0; i < len(s); i++ {
			if strings.IndexByte("\"\\$`!", s[i]) >= 0 {
				b.WriteByte('\\')
			}
			b.WriteByte(s[i])
		}
		b.WriteByte('"')
		return b.String()
	}
	const special = "#!\"$&'()*,:;<=>?@[\\]^`{|}"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if isASCIILetter(s[i]) && i+2 < len(s) && s[i+1] == ':' && strings.IndexByte(special, s[i+2]) >= 0 {
			b.WriteString(s[i:i+2] + "\\" + s[i+2:i+3])
			i += 2
			continue
		}
		if strings.IndexByte(special, s[i]) >= 0 {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// isJSSpace reports whether r is white space to JavaScript's \s.
func isJSSpace(r rune) bool {
	switch r {
	case ' ', '\t', '\n', '\v', '\f', '\r', 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff:
		return true
	}
	return r >= 0x2000 && r <= 0x200a
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }
