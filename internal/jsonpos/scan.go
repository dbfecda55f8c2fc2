package jsonpos

import (
	"fmt"
	"strconv"
	"unicode/utf8"
)

// The scanning half of the parser (parse.go): white space, the
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
		return p.errEnd()
	}
	return &SyntaxError{Off: p.i, Msg: fmt.Sprintf("invalid character %s %s", p.quoteChar(), context)}
}

// errEnd reports an unexpected end of the input.
func (p *parser) errEnd() error {
	const msg = "unexpected end of JSON input"
	if p.std {
		return &SyntaxError{Off: p.lastRune(), Msg: msg, EOF: true}
	}
	return &SyntaxError{Off: len(p.data), Msg: msg, EOF: true}
}

// errInToken reports a byte that does not continue a number, a literal or
// an escape. encoding/json ends its input with a space, so at the end of
// the input its message names a space there.
func (p *parser) errInToken(context string) error {
	if p.i >= len(p.data) && p.std {
		return &SyntaxError{Off: p.lastRune(), Msg: "invalid character ' ' " + context}
	}
	return p.errChar(context)
}

// lastRune is the offset of the input's last character after the byte
// order mark: where encoding/json's offset at the end of the input points.
func (p *parser) lastRune() int {
	_, size := utf8.DecodeLastRune(p.data)
	return max(len(p.data)-max(size, 1), p.start)
}

func (p *parser) quoteChar() string {
	c := p.data[p.i]
	switch {
	case c == '\'':
		return `'\''`
	case c == '"':
		return `'"'`
	case c < utf8.RuneSelf || p.std:
		// encoding/json quotes the byte as if it were a rune.
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
		if !p.std && p.i < len(p.data) && p.data[p.i] == closer {
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
func (p *parser) skip(depth int) (Kind, error) {
	p.space()
	if p.i >= len(p.data) {
		return Null, p.errChar("")
	}
	switch c := p.data[p.i]; {
	case c == '{' || c == '[':
		closer, k := byte('}'), Object
		if c == '[' {
			closer, k = ']', Array
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
		return String, err
	case c == '-' || (c >= '0' && c <= '9'):
		return Number, p.number()
	default:
		return p.skipLiteral()
	}
}

// skipLiteral reads true, false or null.
func (p *parser) skipLiteral() (Kind, error) {
	var word string
	var k Kind
	switch p.data[p.i] {
	case 't':
		word, k = "true", Bool
	case 'f':
		word, k = "false", Bool
	case 'n':
		word, k = "null", Null
	default:
		return Null, p.errChar("looking for beginning of value")
	}
	for j := 0; j < len(word); j++ {
		if p.i >= len(p.data) || p.data[p.i] != word[j] {
			return k, p.errInToken(fmt.Sprintf("in literal %s (expecting '%c')", word, word[j]))
		}
		p.i++
	}
	return k, nil
}
