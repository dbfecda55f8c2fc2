package registry

import (
	"encoding/json"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// This file is a small position-aware JSON parser. encoding/json does not
// report where a value starts, and every diagnostic of a config file needs a
// line and column, so config files are parsed into a tree of values that
// remember their byte offsets.

// maxDepth bounds nesting so that hostile input cannot exhaust the stack.
const maxDepth = 10000

// syntaxError is a JSON syntax error at a byte offset.
type syntaxError struct {
	off int
	msg string
}

func (e *syntaxError) Error() string { return e.msg }

// parseJSON parses data as exactly one JSON value (surrounded by optional
// white space; a leading UTF-8 byte order mark is skipped).
func parseJSON(data []byte) (*value, error) {
	p := &parser{data: data}
	if len(data) >= 3 && data[0] == 0xEF && data[1] == 0xBB && data[2] == 0xBF {
		p.i = 3
	}
	v, err := p.value(0)
	if err != nil {
		return nil, err
	}
	p.space()
	if p.i < len(p.data) {
		return nil, p.errChar("after top-level value")
	}
	return v, nil
}

type parser struct {
	data []byte
	i    int
}

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

func (p *parser) value(depth int) (*value, error) {
	if depth > maxDepth {
		return nil, &syntaxError{off: p.i, msg: "exceeded max nesting depth"}
	}
	p.space()
	if p.i >= len(p.data) {
		return nil, p.errChar("")
	}
	switch c := p.data[p.i]; {
	case c == '{':
		return p.object(depth)
	case c == '[':
		return p.array(depth)
	case c == '"':
		off := p.i
		s, err := p.string()
		if err != nil {
			return nil, err
		}
		return &value{kind: kindString, off: off, str: s}, nil
	case c == '-' || (c >= '0' && c <= '9'):
		return p.number()
	case c == 't':
		return p.literal("true", &value{kind: kindBool, off: p.i, b: true})
	case c == 'f':
		return p.literal("false", &value{kind: kindBool, off: p.i})
	case c == 'n':
		return p.literal("null", &value{kind: kindNull, off: p.i})
	default:
		return nil, p.errChar("looking for beginning of value")
	}
}

func (p *parser) literal(word string, v *value) (*value, error) {
	for k := 0; k < len(word); k++ {
		if p.i >= len(p.data) || p.data[p.i] != word[k] {
			return nil, p.errChar(fmt.Sprintf("in literal %s (expecting '%c')", word, word[k]))
		}
		p.i++
	}
	return v, nil
}

func (p *parser) object(depth int) (*value, error) {
	v := &value{kind: kindObject, off: p.i}
	p.i++ // '{'
	p.space()
	if p.i < len(p.data) && p.data[p.i] == '}' {
		p.i++
		return v, nil
	}
	for {
		p.space()
		if p.i >= len(p.data) || p.data[p.i] != '"' {
			if len(v.members) > 0 && p.i < len(p.data) && p.data[p.i] == '}' {
				return nil, p.errChar("after ',': trailing commas are not allowed in JSON")
			}
			return nil, p.errChar("looking for beginning of object key string")
		}
		keyOff := p.i
		key, err := p.string()
		if err != nil {
			return nil, err
		}
		p.space()
		if p.i >= len(p.data) || p.data[p.i] != ':' {
			return nil, p.errChar("after object key")
		}
		p.i++
		val, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		v.members = append(v.members, member{key: key, keyOff: keyOff, val: val})
		p.space()
		if p.i >= len(p.data) {
			return nil, p.errChar("")
		}
		switch p.data[p.i] {
		case ',':
			p.i++
		case '}':
			p.i++
			return v, nil
		default:
			return nil, p.errChar("after object key:value pair")
		}
	}
}

func (p *parser) array(depth int) (*value, error) {
	v := &value{kind: kindArray, off: p.i}
	p.i++ // '['
	p.space()
	if p.i < len(p.data) && p.data[p.i] == ']' {
		p.i++
		return v, nil
	}
	for {
		p.space()
		if len(v.elems) > 0 && p.i < len(p.data) && p.data[p.i] == ']' {
			return nil, p.errChar("after ',': trailing commas are not allowed in JSON")
		}
		el, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		v.elems = append(v.elems, el)
		p.space()
		if p.i >= len(p.data) {
			return nil, p.errChar("")
		}
		switch p.data[p.i] {
		case ',':
			p.i++
		case ']':
			p.i++
			return v, nil
		default:
			return nil, p.errChar("after array element")
		}
	}
}

// string scans a string literal starting at the opening quote and returns
// its decoded content.
func (p *parser) string() (string, error) {
	start := p.i
	p.i++ // opening quote
	escaped, nonASCII := false, false
	for {
		if p.i >= len(p.data) {
			return "", p.errChar("")
		}
		c := p.data[p.i]
		switch {
		case c == '"':
			p.i++
			raw := p.data[start:p.i]
			if !escaped && (!nonASCII || utf8.Valid(raw)) {
				return string(raw[1 : len(raw)-1]), nil
			}
			// Escapes or invalid UTF-8: let encoding/json decode the
			// (already validated) literal exactly as it would.
			var s string
			if err := json.Unmarshal(raw, &s); err != nil {
				return "", &syntaxError{off: start, msg: err.Error()}
			}
			return s, nil
		case c < 0x20:
			return "", p.errChar("in string literal")
		case c == '\\':
			escaped = true
			p.i++
			if p.i >= len(p.data) {
				return "", p.errChar("")
			}
			switch p.data[p.i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				p.i++
			case 'u':
				p.i++
				for k := 0; k < 4; k++ {
					if p.i >= len(p.data) || !isHex(p.data[p.i]) {
						return "", p.errChar("in \\u hexadecimal character escape")
					}
					p.i++
				}
			default:
				return "", p.errChar("in string escape code")
			}
		case c >= utf8.RuneSelf:
			nonASCII = true
			p.i++
		default:
			p.i++
		}
	}
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// number scans a number literal: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func (p *parser) number() (*value, error) {
	start := p.i
	if p.data[p.i] == '-' {
		p.i++
	}
	if p.i >= len(p.data) || !isDigit(p.data[p.i]) {
		return nil, p.errChar("in numeric literal")
	}
	if p.data[p.i] == '0' {
		p.i++
	} else {
		p.digits()
	}
	if p.i < len(p.data) && p.data[p.i] == '.' {
		p.i++
		if p.i >= len(p.data) || !isDigit(p.data[p.i]) {
			return nil, p.errChar("after decimal point in numeric literal")
		}
		p.digits()
	}
	if p.i < len(p.data) && (p.data[p.i] == 'e' || p.data[p.i] == 'E') {
		p.i++
		if p.i < len(p.data) && (p.data[p.i] == '+' || p.data[p.i] == '-') {
			p.i++
		}
		if p.i >= len(p.data) || !isDigit(p.data[p.i]) {
			return nil, p.errChar("in exponent of numeric literal")
		}
		p.digits()
	}
	return &value{kind: kindNumber, off: start, str: string(p.data[start:p.i])}, nil
}

func (p *parser) digits() {
	for p.i < len(p.data) && isDigit(p.data[p.i]) {
		p.i++
	}
}
