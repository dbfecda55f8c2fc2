package registry

import (
	"slices"
	"strings"
)

// ExpandHeader expands the $NAME and ${NAME} references of an http hook's
// header value as Claude Code does: NAME is [A-Z_][A-Z0-9_]*, a name that
// allowed does not list becomes empty (so does an unset one), and CR, LF
// and NUL are removed from the result, so that a variable cannot add a
// header. Anything else, "${lower}" or a lone "$" included, is kept as
// written.
func ExpandHeader(value string, allowed []string, lookup func(string) string) string {
	if !strings.Contains(value, "$") {
		return value
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(value, '$')
		if i < 0 {
			break
		}
		name, n := headerVar(value[i:])
		b.WriteString(value[:i])
		if n == 0 {
			b.WriteByte('$')
			value = value[i+1:]
			continue
		}
		if slices.Contains(allowed, name) {
			b.WriteString(lookup(name))
		}
		value = value[i+n:]
	}
	b.WriteString(value)
	return strings.Map(func(r rune) rune {
		if r == '\r' || r == '\n' || r == 0 {
			return -1
		}
		return r
	}, b.String())
}

// HeaderVars lists the names a header value refers to, in order.
func HeaderVars(value string) []string {
	var names []string
	for {
		i := strings.IndexByte(value, '$')
		if i < 0 {
			return names
		}
		name, n := headerVar(value[i:])
		if n == 0 {
			n = 1
		} else {
			names = append(names, name)
		}
		value = value[i+n:]
	}
}

// headerVar reads a reference at the start of s (which starts with '$'):
// the name and the length of the reference, 0 when there is none.
func headerVar(s string) (string, int) {
	if strings.HasPrefix(s, "${") {
		end := strings.IndexByte(s, '}')
		if end > 2 && isVarName(s[2:end]) {
			return s[2:end], end + 1
		}
		return "", 0
	}
	n := 1
	for n < len(s) && isVarByte(s[n], n == 1) {
		n++
	}
	if n == 1 {
		return "", 0
	}
	return s[1:n], n
}

func isVarName(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isVarByte(s[i], i == 0) {
			return false
		}
	}
	return s != ""
}

func isVarByte(c byte, first bool) bool {
	return c == '_' || 'A' <= c && c <= 'Z' || !first && '0' <= c && c <= '9'
}
