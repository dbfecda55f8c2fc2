package registry

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/hookexec/hookexec/internal/event"
)

// This file is a small position-aware JSON parser. encoding/json does not
// report where a value starts, and every diagnostic of a config file needs a
// line and column, so config files are parsed into a tree of values that
// remember their byte offsets. It accepts exactly what encoding/json accepts
// (FuzzParseJSON holds it to that), plus one leading UTF-8 byte order mark.

// maxDepth bounds nesting so that hostile input cannot exhaust the stack:
// as in encoding/json, 10,000 nested arrays or objects are accepted and
// 10,001 are an error.
const maxDepth = 10000

// syntaxError is a JSON syntax error at a byte offset.
type syntaxError struct {
	off int
	msg string
}

func (e *syntaxError) Error() string { return e.msg }

// duplicate is a key that an object repeats: off is an occurrence that is
// ignored, last the offset of the last one, which is used.
type duplicate struct {
	key       string
	off, last int
}

// parseJSON parses data as exactly one JSON value (surrounded by optional
// white space; a leading UTF-8 byte order mark is skipped) and builds all of
// it.
func parseJSON(data []byte) (*value, error) {
	p := newParser(data)
	v, err := p.value(0)
	if err != nil {
		return nil, err
	}
	return v, p.end()
}

// parseConfig parses a config file. Only the top-level members whose key is
// one of keep are built; every other value is checked as strictly as
// parseJSON checks it and then skipped without being stored, so that an
// agent's settings.json costs memory in proportion to its hooks, not to the
// whole file. A top level that is not an object is checked and returned
// without its contents. When listSkipped is set, the skipped members are
// kept with a nil val (validate looks at their keys). The duplicate keys of
// every object built are returned, in file order.
func parseConfig(data []byte, keep []string, listSkipped bool) (*value, []duplicate, error) {
	p := newParser(data)
	p.space()
	var root *value
	var err error
	if p.i < len(p.data) && p.data[p.i] == '{' {
		root, err = p.topObject(keep, listSkipped)
	} else {
		root = &value{off: p.i}
		root.kind, err = p.skip(0)
	}
	if err != nil {
		return nil, nil, err
	}
	return root, p.dups, p.end()
}

type parser struct {
	data []byte
	i    int
	dups []duplicate
}

func newParser(data []byte) *parser {
	p := &parser{data: data}
	if hasBOM(data) {
		p.i = len(event.BOM)
	}
	return p
}

// hasBOM reports whether data starts with a UTF-8 byte order mark, which
// is ignored (event.BOM).
func hasBOM(data []byte) bool { return bytes.HasPrefix(data, []byte(event.BOM)) }

// end checks that nothing but white space follows the top-level value.
func (p *parser) end() error {
	p.space()
	if p.i < len(p.data) {
		return p.errChar("after top-level value")
	}
	return nil
}

func (p *parser) value(depth int) (*value, error) {
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
		start := p.i
		if err := p.number(); err != nil {
			return nil, err
		}
		return &value{kind: kindNumber, off: start, str: string(p.data[start:p.i])}, nil
	default:
		off := p.i
		k, err := p.skipLiteral()
		if err != nil {
			return nil, err
		}
		return &value{kind: k, off: off, b: k == kindBool && p.data[off] == 't'}, nil
	}
}

// open consumes the '{' or '[' of a container at depth (the number of
// containers around it).
func (p *parser) open(depth int) error {
	if depth >= maxDepth {
		return &syntaxError{off: p.i, msg: fmt.Sprintf("exceeded max nesting depth (%d)", maxDepth)}
	}
	p.i++
	return nil
}

func (p *parser) object(depth int) (*value, error) {
	v := &value{kind: kindObject, off: p.i}
	if err := p.open(depth); err != nil {
		return nil, err
	}
	for n := 0; ; n++ {
		if more, err := p.item('}', n); err != nil || !more {
			if err != nil {
				return nil, err
			}
			break
		}
		rawKey, keyOff, err := p.key()
		if err != nil {
			return nil, err
		}
		val, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		v.members = append(v.members, member{key: decodeString(rawKey), keyOff: keyOff, val: val})
	}
	p.noteDuplicates(v.members)
	return v, nil
}

// topObject reads the top-level object of a config file (parseConfig).
func (p *parser) topObject(keep []string, listSkipped bool) (*value, error) {
	v := &value{kind: kindObject, off: p.i}
	if err := p.open(0); err != nil {
		return nil, err
	}
	for n := 0; ; n++ {
		if more, err := p.item('}', n); err != nil || !more {
			if err != nil {
				return nil, err
			}
			break
		}
		rawKey, keyOff, err := p.key()
		if err != nil {
			return nil, err
		}
		if key, kept := keptKey(rawKey, keep); kept {
			val, err := p.value(1)
			if err != nil {
				return nil, err
			}
			v.members = append(v.members, member{key: key, keyOff: keyOff, val: val})
			continue
		}
		if listSkipped {
			v.members = append(v.members, member{key: decodeString(rawKey), keyOff: keyOff})
		}
		if _, err := p.skip(1); err != nil {
			return nil, err
		}
	}
	p.noteDuplicates(v.members)
	return v, nil
}

// keptKey decodes rawKey (a string literal) when it is one of keep. A key
// without escapes is compared without being copied.
func keptKey(rawKey []byte, keep []string) (string, bool) {
	inner := rawKey[1 : len(rawKey)-1]
	key := ""
	escaped := containsEscape(inner)
	if escaped {
		key = decodeString(rawKey)
	}
	for _, k := range keep {
		if (!escaped && string(inner) == k) || (escaped && key == k) {
			return k, true
		}
	}
	return "", false
}

func (p *parser) array(depth int) (*value, error) {
	v := &value{kind: kindArray, off: p.i}
	if err := p.open(depth); err != nil {
		return nil, err
	}
	for n := 0; ; n++ {
		if more, err := p.item(']', n); err != nil || !more {
			if err != nil {
				return nil, err
			}
			break
		}
		el, err := p.value(depth + 1)
		if err != nil {
			return nil, err
		}
		v.elems = append(v.elems, el)
	}
	return v, nil
}

// string scans a string literal starting at the opening quote and returns
// its decoded content.
func (p *parser) string() (string, error) {
	start := p.i
	simple, err := p.scanString()
	if err != nil {
		return "", err
	}
	raw := p.data[start:p.i]
	if simple {
		return string(raw[1 : len(raw)-1]), nil
	}
	return decodeString(raw), nil
}

// decodeString decodes a string literal that scanString accepted. Escapes
// and invalid UTF-8 are left to encoding/json, which decodes them exactly
// as it always does (invalid UTF-8 and lone surrogates become U+FFFD).
func decodeString(raw []byte) string {
	inner := raw[1 : len(raw)-1]
	if !containsEscape(inner) && validUTF8(inner) {
		return string(inner)
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		// Unreachable: scanString checked the literal.
		return string(inner)
	}
	return s
}
