package registry

import (
	"fmt"
	"strconv"
	"unicode/utf8"
)

// The scanning half of the parser (jsonparse.go): white space, the
// punctuation of containers, literals, and skip, which checks a value
// without building it.

func (p *parser) space() {
	for p.i < len(p.data) {
		switch p.data[p.i] {
		case ' ', '\t', '\n', '\r':
			p.i++
		default:
			return
		}
	}
}

// errChar reports the byte at the current offset, or the end of input.
func (p *parser) errChar(context string) error {
	if p.i >= len(p.data) {
		return &syntaxError{off: len(p.data), msg: "unexpected end of JSON input"}
	}
	return &syntaxError{off: p.i, msg: fmt.Sprintf("invalid character %s %s", p.quoteChar(), context)}
}

func (p *parser) quoteChar() string {
	c := p.data[p.i]
	switch {
	case c == '\'':
		return `'\''`
	case c == '"':
		return `'"'`
	case c < utf8.RuneSelf:
		s := strconv.Quote(string(rune(c)))
		return "'" + s[1:len(s)-1] + "'"
	}
	r, _ := utf8.DecodeRune(p.data[p.i:])
	if r == utf8.RuneError {
		return fmt.Sprintf("byte 0x%02x", c)
	}
	return strconv.QuoteRune(r)
}

// item moves to the next item of a container whose opening bracket has been
// consumed and of which n items have been read. It returns false once it
// has consumed the closing bracket.
func (p *parser) item(closer byte, n int) (bool, error) {
	p.space()
	if p.i >= len(p.data) {
		return false, p.errChar("")
	}
	if p.data[p.i] == closer {
		p.i++
		return false, nil
	}
	if n > 0 {
		if p.data[p.i] != ',' {
			if closer == '}' {
				return false, p.errChar("after object key:value pair")
			}
			return false, p.errChar("after array element")
		}
		p.i++
		p.space()
		if p.i < len(p.data) && p.data[p.i] == closer {
			return false, p.errChar("after ',': trailing commas are not allowed in JSON")
		}
	}
	return true, nil
}

// key reads an object key and the colon after it; rawKey is the literal.
func (p *parser) key() (rawKey []byte, off int, err error) {
	off = p.i
	if p.i >= len(p.data) || p.data[p.i] != '"' {
		return nil, off, p.errChar("looking for beginning of object key string")
	}
	if _, err := p.scanString(); err != nil {
		return nil, off, err
	}
	rawKey = p.data[off:p.i]
	p.space()
	if p.i >= len(p.data) || p.data[p.i] != ':' {
		return nil, off, p.errChar("after object key")
	}
	p.i++
	return rawKey, off, nil
}

// skip checks the value at the current offset, as value would read it, and
// moves past it without building anything; it returns the value's kind.
func (p *parser) skip(depth int) (kind, error) {
	p.space()
	if p.i >= len(p.data) {
		return kindNull, p.errChar("")
	}
	switch c := p.data[p.i]; {
	case c == '{' || c == '[':
		closer, k := byte('}'), kindObject
		if c == '[' {
			closer, k = ']', kindArray
		}
		if err := p.open(depth); err != nil {
			return k, err
		}
		for n := 0; ; n++ {
			more, err := p.item(closer, n)
			if err != nil || !more {
				return k, err
			}
			if closer == '}' {
				if _, _, err := p.key(); err != nil {
					return k, err
				}
			}
			if _, err := p.skip(depth + 1); err != nil {
				return k, err
			}
		}
	case c == '"':
		_, err := p.scanString()
		return kindString, err
	case c == '-' || (c >= '0' && c <= '9'):
		return kindNumber, p.number()
	default:
		return p.skipLiteral()
	}
}

// skipLiteral reads true, false or null.
func (p *parser) skipLiteral() (kind, error) {
	var word string
	var k kind
	switch p.data[p.i] {
	case 't':
		word, k = "true", kindBool
	case 'f':
		word, k = "false", kindBool
	case 'n':
		word, k = "null", kindNull
	default:
		return kindNull, p.errChar("looking for beginning of value")
	}
	for j := 0; j < len(word); j++ {
		if p.i >= len(p.data) || p.data[p.i] != word[j] {
			return k, p.errChar(fmt.Sprintf("in literal %s (expecting '%c')", word, word[j]))
		}
		p.i++
	}
	return k, nil
}

// scanString moves past the string literal starting at the opening quote.
// simple is true when the literal's content is its text: no escapes, valid
// UTF-8.
func (p *parser) scanString() (simple bool, err error) {
	start := p.i
	p.i++ // opening quote
	escaped, nonASCII := false, false
	for {
		if p.i >= len(p.data) {
			return false, p.errChar("")
		}
		c := p.data[p.i]
		switch {
		case c == '"':
			p.i++
			return !escaped && (!nonASCII || utf8.Valid(p.data[start:p.i])), nil
		case c < 0x20:
			return false, p.errChar("in string literal")
		case c == '\\':
			escaped = true
			p.i++
			if p.i >= len(p.data) {
				return false, p.errChar("")
			}
			switch p.data[p.i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				p.i++
			case 'u':
				p.i++
				for k := 0; k < 4; k++ {
					if p.i >= len(p.data) || !isHex(p.data[p.i]) {
						return false, p.errChar("in \\u hexadecimal character escape")
					}
					p.i++
				}
			default:
				return false, p.errChar("in string escape code")
			}
		case c >= utf8.RuneSelf:
			nonASCII = true
			p.i++
		default:
			p.i++
		}
	}
}

func containsEscape(b []byte) bool {
	for _, c := range b {
		if c == '\\' {
			return true
		}
	}
	return false
}

func validUTF8(b []byte) bool { return utf8.Valid(b) }

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// number moves past a number literal:
// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func (p *parser) number() error {
	if p.data[p.i] == '-' {
		p.i++
	}
	if p.i >= len(p.data) || !isDigit(p.data[p.i]) {
		return p.errChar("in numeric literal")
	}
	if p.data[p.i] == '0' {
		p.i++
	} else {
		p.digits()
	}
	if p.i < len(p.data) && p.data[p.i] == '.' {
		p.i++
		if p.i >= len(p.data) || !isDigit(p.data[p.i]) {
			return p.errChar("after decimal point in numeric literal")
		}
		p.digits()
	}
	if p.i < len(p.data) && (p.data[p.i] == 'e' || p.data[p.i] == 'E') {
		p.i++
		if p.i < len(p.data) && (p.data[p.i] == '+' || p.data[p.i] == '-') {
			p.i++
		}
		if p.i >= len(p.data) || !isDigit(p.data[p.i]) {
			return p.errChar("in exponent of numeric literal")
		}
		p.digits()
	}
	return nil
}

func (p *parser) digits() {
	for p.i < len(p.data) && isDigit(p.data[p.i]) {
		p.i++
	}
}
