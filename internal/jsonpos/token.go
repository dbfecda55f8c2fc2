package jsonpos

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"
)

// The tokens with an inside: string literals and numbers.

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
			if err := p.escape(); err != nil {
				return false, err
			}
		case c >= utf8.RuneSelf:
			nonASCII = true
			p.i++
		default:
			p.i++
		}
	}
}

// escape moves past the escape after a backslash.
func (p *parser) escape() error {
	if p.i >= len(p.data) {
		return p.errInToken("in string escape code")
	}
	switch p.data[p.i] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		p.i++
	case 'u':
		p.i++
		for k := 0; k < 4; k++ {
			if p.i >= len(p.data) || !isHex(p.data[p.i]) {
				return p.errInToken("in \\u hexadecimal character escape")
			}
			p.i++
		}
	default:
		return p.errChar("in string escape code")
	}
	return nil
}

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
		return p.errInToken("in numeric literal")
	}
	if p.data[p.i] == '0' {
		p.i++
	} else {
		p.digits()
	}
	if p.i < len(p.data) && p.data[p.i] == '.' {
		p.i++
		if p.i >= len(p.data) || !isDigit(p.data[p.i]) {
			return p.errInToken("after decimal point in numeric literal")
		}
		p.digits()
	}
	if p.i < len(p.data) && (p.data[p.i] == 'e' || p.data[p.i] == 'E') {
		p.i++
		if p.i < len(p.data) && (p.data[p.i] == '+' || p.data[p.i] == '-') {
			p.i++
		}
		if p.i >= len(p.data) || !isDigit(p.data[p.i]) {
			return p.errInToken("in exponent of numeric literal")
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

// Unquote decodes a valid JSON string literal. Escapes and invalid UTF-8
// are left to encoding/json, which decodes them exactly as it always does
// (invalid UTF-8 and lone surrogates become U+FFFD).
func Unquote(raw []byte) string {
	inner := raw[1 : len(raw)-1]
	if bytes.IndexByte(inner, '\\') < 0 && utf8.Valid(inner) {
		return string(inner)
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		// Unreachable for a literal the parser accepted.
		return string(inner)
	}
	return s
}
