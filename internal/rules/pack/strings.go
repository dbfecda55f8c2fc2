package pack

import "strings"

// stringRuns are the strings an interpreter's code builds from literals,
// grouped in runs: the strings of one list or argument list (separated
// by commas, brackets), each joined from literals by + or . or written
// side by side, with holes where the code fills in a part at run time (an
// f-string's {x}, Ruby's #{x}, a %s formatted with %, "x" + name). It
// reads Python, JavaScript, Ruby, Perl and PHP well enough for that, not
// exactly: quotes '...', "...", `...`, Perl's q qq qx qw and Ruby's %q
// %Q %x %w %W with their delimiters. A backslash escapes the next byte.
func stringRuns(code string) [][]item {
	var runs [][]item
	var run []item
	var cur item
	var joinOp byte // + or . right after a string, 0 for none
	end := func() {
		if cur != nil {
			run = append(run, cur)
			cur = nil
		}
	}
	endRun := func() {
		end()
		if len(run) > 0 {
			runs = append(runs, run)
			run = nil
		}
	}
	for i := 0; i < len(code); {
		c := code[i]
		if lit, next, ok := readString(code, i); ok {
			if cur != nil && joinOp == 0 && !adjacent(code, i) {
				end()
			}
			for k, w := range lit {
				if k > 0 {
					end()
				}
				cur = append(cur, w...)
			}
			joinOp = 0
			i = next
			continue
		}
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
			continue
		case (c == '+' || c == '.') && cur != nil:
			joinOp = c
		case c == '%' && cur != nil:
			// "... %s" % x: the string is formatted.
			cur = fillPercent(cur)
		case c == ',' || c == '[' || c == '(':
			end()
		case c == ']' || c == ')':
			endRun()
		default:
			j := i
			for j < len(code) && isIdent(code[j]) {
				j++
			}
			if j == i {
				j = i + 1
			}
			name := code[i:j]
			switch {
			case joinOp == '.' && name == "format":
				cur = fillBraces(cur)
			case joinOp == '+' || joinOp == '.' && strings.HasPrefix(name, "$"):
				// "x" + name: the rest is known only at run time.
				cur = append(cur, piece{hole: true})
			case joinOp == '.':
				// A method of the string ("a".strip()).
				end()
			case isIdent(c) && prevIsComma(code, i) && (len(run) > 0 || cur != nil):
				// A name in a list of strings: a word known only at run
				// time.
				end()
				cur = item{{hole: true}}
			default:
				endRun()
			}
			joinOp = 0
			i = j
			continue
		}
		if c != '+' && c != '.' {
			joinOp = 0
		}
		i++
	}
	endRun()
	return runs
}

// adjacent: the string at i follows another with only blanks between
// ("a" "b" is one string in Python and Ruby).
func adjacent(code string, i int) bool {
	j := i - 1
	for j >= 0 && (code[j] == ' ' || code[j] == '\t') {
		j--
	}
	return j >= 0 && strings.IndexByte(`'"`+"`", code[j]) >= 0
}

func prevIsComma(code string, i int) bool {
	j := i - 1
	for j >= 0 && (code[j] == ' ' || code[j] == '\t') {
		j--
	}
	return j >= 0 && code[j] == ','
}

func isIdent(c byte) bool {
	return c == '_' || c == '$' || c == '@' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// readString reads the string literal at i: its words (one, or several
// for qw and %w), where it ends, and ok false when there is none at i.
func readString(code string, i int) (words []item, next int, ok bool) {
	c := code[i]
	prefix := ""
	if c == '\'' || c == '"' || c == '`' {
		// A Python prefix (f, rb, fr, ...) right before the quote.
		j := i
		for j > 0 && strings.IndexByte("fFrRbBuU", code[j-1]) >= 0 {
			j--
		}
		if j == 0 || !isIdent(code[j-1]) {
			prefix = strings.ToLower(code[j:i])
		}
		text, end, closed := quoted(code, i+1, c, c)
		if !closed {
			return nil, 0, false
		}
		it := item{{text: text}}
		if strings.Contains(prefix, "f") {
			it = fillBraces(it)
		}
		if c == '"' || c == '`' {
			it = fillRuby(it)
		}
		return []item{it}, end, true
	}
	if i > 0 && isIdent(code[i-1]) {
		return nil, 0, false
	}
	for _, op := range []string{"qq", "qx", "qw", "q", "%Q", "%q", "%x", "%W", "%w"} {
		if !strings.HasPrefix(code[i:], op) || i+len(op) >= len(code) {
			continue
		}
		open := code[i+len(op)]
		closeBy, ok := map[byte]byte{'(': ')', '{': '}', '[': ']', '<': '>', '/': '/', '|': '|', '!': '!'}[open]
		if !ok {
			continue
		}
		text, end, closed := quoted(code, i+len(op)+1, open, closeBy)
		if !closed {
			return nil, 0, false
		}
		if op == "qw" || op == "%w" || op == "%W" {
			for _, f := range strings.Fields(text) {
				words = append(words, item{{text: f}})
			}
			if len(words) == 0 {
				words = []item{{{text: ""}}}
			}
			return words, end, true
		}
		return []item{fillRuby(item{{text: text}})}, end, true
	}
	return nil, 0, false
}

// quoted reads up to the close delimiter (nested open/close pairs
// counted), a backslash escaping the next byte: the text, the index after
// the close, and closed false when it never comes.
func quoted(code string, i int, open, closeBy byte) (string, int, bool) {
	var b strings.Builder
	depth := 0
	for ; i < len(code); i++ {
		c := code[i]
		switch {
		case c == '\\' && i+1 < len(code):
			i++
			b.WriteByte(code[i])
			continue
		case c == closeBy && depth == 0:
			return b.String(), i + 1, true
		case c == closeBy:
			depth--
		case c == open && open != closeBy:
			depth++
		}
		b.WriteByte(c)
	}
	return "", 0, false
}

// fillBraces makes each {...} of the item's text a hole (Python's
// f-strings and str.format).
func fillBraces(it item) item { return fill(it, "{", "}") }

// fillRuby makes each #{...} a hole.
func fillRuby(it item) item { return fill(it, "#{", "}") }

func fill(it item, open, closeBy string) item {
	var out item
	for _, p := range it {
		if p.hole {
			out = append(out, p)
			continue
		}
		t := p.text
		for {
			i := strings.Index(t, open)
			if i < 0 {
				break
			}
			j := strings.Index(t[i+len(open):], closeBy)
			if j < 0 {
				break
			}
			out = append(out, piece{text: t[:i]}, piece{hole: true})
			t = t[i+len(open)+j+len(closeBy):]
		}
		out = append(out, piece{text: t})
	}
	return out
}

// fillPercent makes each %s, %d, %r, %(name)s ... a hole.
func fillPercent(it item) item {
	var out item
	for _, p := range it {
		if p.hole {
			out = append(out, p)
			continue
		}
		t := p.text
		for {
			i := strings.IndexByte(t, '%')
			if i < 0 || i+1 >= len(t) {
				break
			}
			j := i + 1
			if t[j] == '(' {
				if k := strings.IndexByte(t[j:], ')'); k >= 0 {
					j += k + 1
				}
			}
			for j < len(t) && strings.IndexByte("#0- +.123456789", t[j]) >= 0 {
				j++
			}
			if j < len(t) && strings.IndexByte("sdirfxXoceEgGaub", t[j]) >= 0 {
				out = append(out, piece{text: t[:i]}, piece{hole: true})
				t = t[j+1:]
				continue
			}
			out = append(out, piece{text: t[:j]})
			t = t[j:]
		}
		out = append(out, piece{text: t})
	}
	return out
}
