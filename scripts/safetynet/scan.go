package main

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// envFrame is a withEnv call the scanner is inside: its environment and
// the paren depth inside its argument list.
type envFrame struct {
	env   map[string]string
	depth int
}

// extract finds the assertions of one test file (rel is its path in the
// repository, src its text).
func extract(rel, src string) (cases []Case, skipped []string) {
	var (
		depth int
		envs  []envFrame
		test  string
	)
	line := func(off int) int { return 1 + strings.Count(src[:off], "\n") }
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case strings.HasPrefix(src[i:], "//"):
			i = skipLine(src, i)
		case strings.HasPrefix(src[i:], "/*"):
			i = skipBlock(src, i)
		case c == '\'' || c == '"' || c == '`':
			_, end, _ := stringLiteral(src, i)
			i = end
		case c == '(':
			depth++
			i++
		case c == ')':
			depth--
			for len(envs) > 0 && depth < envs[len(envs)-1].depth {
				envs = envs[:len(envs)-1]
			}
			i++
		case isIdentStart(c) && (i == 0 || !isIdent(src[i-1])):
			j := i
			for j < len(src) && isIdent(src[j]) {
				j++
			}
			name := src[i:j]
			k := skipSpace(src, j)
			if k >= len(src) || src[k] != '(' {
				i = j
				continue
			}
			switch name {
			case "assertBlocked", "assertAllowed":
				args, end := callArgs(src, k+1)
				c, why := toCase(name, args)
				if why != "" {
					skipped = append(skipped, rel+":"+strconv.Itoa(line(i))+": "+why)
				} else {
					c.File, c.Line, c.Test = rel, line(i), test
					c.Env = innermost(envs)
					cases = append(cases, c)
				}
				i = end
			case "test", "it":
				args, _ := callArgs(src, k+1)
				if len(args) > 0 && args[0].literal {
					test = args[0].value
				}
				i = j
			case "withEnv":
				envs = append(envs, envFrame{env: objectLiteral(src, skipSpace(src, k+1)), depth: depth + 1})
				i = j
			default:
				i = j
			}
		default:
			i++
		}
	}
	return cases, skipped
}

// innermost is the environment of the enclosing withEnv calls, the inner
// ones winning (nil outside any).
func innermost(envs []envFrame) map[string]string {
	if len(envs) == 0 {
		return nil
	}
	env := map[string]string{}
	for _, f := range envs {
		for k, v := range f.env {
			env[k] = v
		}
	}
	return env
}

// arg is one argument of a call: its text, and its value when it is one
// plain string literal.
type arg struct {
	raw     string
	value   string
	literal bool
}

func toCase(name string, args []arg) (Case, string) {
	if len(args) == 0 || !args[0].literal {
		return Case{}, name + ": the command is not a plain string literal"
	}
	c := Case{Command: args[0].value, Expect: "allow"}
	rest := args[1:]
	if name == "assertBlocked" {
		c.Expect = "block"
		if len(rest) > 0 {
			c.Reason = rest[0].value
			if !rest[0].literal {
				c.Reason = rest[0].raw
			}
			rest = rest[1:]
		}
	}
	if len(rest) > 0 {
		c.Cwd = rest[0].raw
	}
	return c, ""
}

// callArgs reads the arguments of a call from i (just after its "(") to
// its ")", and returns them with the offset after the ")".
func callArgs(src string, i int) ([]arg, int) {
	var args []arg
	start, nest := i, 0
	add := func(end int) {
		raw := strings.TrimSpace(src[start:end])
		if raw == "" {
			return
		}
		a := arg{raw: raw}
		if v, n, ok := stringLiteral(raw, 0); ok && n == len(raw) {
			a.value, a.literal = v, true
		}
		args = append(args, a)
	}
	for i < len(src) {
		c := src[i]
		switch {
		case strings.HasPrefix(src[i:], "//"):
			i = skipLine(src, i)
			continue
		case strings.HasPrefix(src[i:], "/*"):
			i = skipBlock(src, i)
			continue
		case c == '\'' || c == '"' || c == '`':
			_, end, _ := stringLiteral(src, i)
			i = end
			continue
		case c == '(' || c == '[' || c == '{':
			nest++
		case c == ')' || c == ']' || c == '}':
			if nest == 0 {
				add(i)
				return args, i + 1
			}
			nest--
		case c == ',' && nest == 0:
			add(i)
			start = i + 1
		}
		i++
	}
	add(len(src))
	return args, len(src)
}

// objectLiteral reads { KEY: 'value', ... } at i; keys and values that
// are not plain identifiers and string literals are left out.
func objectLiteral(src string, i int) map[string]string {
	if i >= len(src) || src[i] != '{' {
		return nil
	}
	args, _ := callArgs(src, i+1)
	env := map[string]string{}
	for _, a := range args {
		k, v, ok := strings.Cut(a.raw, ":")
		if !ok {
			continue
		}
		k = strings.Trim(strings.TrimSpace(k), `'"`)
		v = strings.TrimSpace(v)
		if s, n, ok := stringLiteral(v, 0); ok && n == len(v) {
			env[k] = s
		}
	}
	return env
}

// stringLiteral decodes the JavaScript string or template literal at i:
// its value, the offset after it, and whether it is plain (a template
// with ${...} is not).
func stringLiteral(src string, i int) (string, int, bool) {
	if i >= len(src) {
		return "", i, false
	}
	q := src[i]
	if q != '\'' && q != '"' && q != '`' {
		return "", i, false
	}
	var b strings.Builder
	plain := true
	for j := i + 1; j < len(src); {
		c := src[j]
		switch {
		case c == q:
			return b.String(), j + 1, plain
		case c == '\\' && j+1 < len(src):
			v, n := escape(src[j+1:])
			b.WriteString(v)
			j += 1 + n
		case q == '`' && strings.HasPrefix(src[j:], "${"):
			plain = false
			_, j = callArgs(src, j+2) // to the } that ends the expression
		case c == '\n' && q != '`':
			return b.String(), j, false // an unterminated literal
		default:
			b.WriteByte(c)
			j++
		}
	}
	return b.String(), len(src), false
}

// escape decodes the escape sequence after a backslash: its text and how
// many bytes it took.
func escape(s string) (string, int) {
	switch s[0] {
	case 'n':
		return "\n", 1
	case 't':
		return "\t", 1
	case 'r':
		return "\r", 1
	case 'b':
		return "\b", 1
	case 'f':
		return "\f", 1
	case 'v':
		return "\v", 1
	case '0':
		return "\x00", 1
	case '\n':
		return "", 1 // a line continuation
	case 'x':
		if len(s) >= 3 {
			if n, err := strconv.ParseUint(s[1:3], 16, 8); err == nil {
				return string(rune(n)), 3
			}
		}
	case 'u':
		if len(s) >= 3 && s[1] == '{' {
			if end := strings.IndexByte(s, '}'); end > 0 {
				if n, err := strconv.ParseUint(s[2:end], 16, 32); err == nil {
					return string(rune(n)), end + 1
				}
			}
		}
		if len(s) >= 5 {
			if n, err := strconv.ParseUint(s[1:5], 16, 16); err == nil {
				return string(rune(n)), 5
			}
		}
	}
	r, n := utf8.DecodeRuneInString(s)
	return string(r), n
}

func skipLine(src string, i int) int {
	if j := strings.IndexByte(src[i:], '\n'); j >= 0 {
		return i + j
	}
	return len(src)
}

func skipBlock(src string, i int) int {
	if j := strings.Index(src[i+2:], "*/"); j >= 0 {
		return i + 2 + j + 2
	}
	return len(src)
}

func skipSpace(src string, i int) int {
	for i < len(src) && strings.IndexByte(" \t\r\n", src[i]) >= 0 {
		i++
	}
	return i
}

func isIdentStart(c byte) bool {
	return c == '_' || c == '$' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

func isIdent(c byte) bool { return isIdentStart(c) || '0' <= c && c <= '9' }
