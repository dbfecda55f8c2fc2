package jsonpos

import (
	"bytes"
	"fmt"
	"unsafe"
)

// MaxDepth bounds nesting so that hostile input cannot exhaust the stack:
// as in encoding/json, 10,000 nested arrays or objects are accepted and
// 10,001 are an error.
const MaxDepth = 10000

// BOM is the UTF-8 byte order mark. A leading one is ignored wherever
// hookexec reads JSON (configs, case files, event input, hook output);
// anywhere else it is an ordinary character.
const BOM = "\xEF\xBB\xBF"

// HasBOM reports whether data starts with a UTF-8 byte order mark.
func HasBOM(data []byte) bool { return bytes.HasPrefix(data, []byte(BOM)) }

// Options say how much of a document Parse builds and how it words errors.
type Options struct {
	// Only, when not nil, lists the top-level keys whose values are built
	// when the document is an object; every other value is checked as
	// strictly and skipped without being stored, so that a large file
	// costs memory in proportion to what is used. A top level that is not
	// an object is checked and returned without its contents.
	Only []string
	// ListSkipped keeps the top-level members Only leaves out, marked
	// Skipped, with their key and the kind and offsets of their value.
	ListSkipped bool
	// Std words syntax errors exactly as encoding/json does (and places an
	// error at the end of the input on the input's last character, as
	// encoding/json's offset names it); otherwise they are worded in
	// hookexec's words and an unexpected end is placed at the end.
	Std bool
	// Alias makes each string without escapes share data's bytes instead
	// of copying them (a large write's content is not copied again): data
	// must not change while the values are in use.
	Alias bool
}

// SyntaxError is a JSON syntax error at byte offset Off. EOF marks an
// unexpected end of the input.
type SyntaxError struct {
	Off int
	Msg string
	EOF bool
}

func (e *SyntaxError) Error() string { return e.Msg }

// Parse parses data as exactly one JSON value, surrounded by optional
// white space; a leading UTF-8 byte order mark is skipped. It returns the
// value and the keys repeated in the objects it built, in file order.
// Errors are *SyntaxError.
func Parse(data []byte, opt Options) (*Value, []Duplicate, error) {
	p := &parser{data: data, std: opt.Std, alias: opt.Alias}
	if HasBOM(data) {
		p.i, p.start = len(BOM), len(BOM)
	}
	var root *Value
	var err error
	p.space()
	switch {
	case opt.Only == nil:
		root, err = p.value(0)
	case p.i < len(p.data) && p.data[p.i] == '{':
		root, err = p.object(0, opt.Only, opt.ListSkipped)
	default:
		root = &Value{Off: p.i}
		root.Kind, err = p.skip(0)
		root.End = p.i
	}
	if err != nil {
		return nil, nil, err
	}
	if err := p.end(); err != nil {
		return nil, nil, err
	}
	return root, p.dups, nil
}

type parser struct {
	data  []byte
	i     int
	std   bool
	alias bool
	start int // after the byte order mark
	dups  []Duplicate
	slab  []Value // newSkipped's
}

// end checks that nothing but white space follows the top-level value.
func (p *parser) end() error {
	p.space()
	if p.i < len(p.data) {
		return p.errChar("after top-level value")
	}
	return nil
}

func (p *parser) value(depth int) (*Value, error) {
	p.space()
	if p.i >= len(p.data) {
		return nil, p.errChar("")
	}
	off := p.i
	switch c := p.data[p.i]; {
	case c == '{':
		return p.object(depth, nil, false)
	case c == '[':
		return p.array(depth)
	case c == '"':
		s, err := p.string()
		if err != nil {
			return nil, err
		}
		return &Value{Kind: String, Off: off, End: p.i, Str: s}, nil
	case c == '-' || (c >= '0' && c <= '9'):
		if err := p.number(); err != nil {
			return nil, err
		}
		return &Value{Kind: Number, Off: off, End: p.i, Str: string(p.data[off:p.i])}, nil
	default:
		k, err := p.skipLiteral()
		if err != nil {
			return nil, err
		}
		return &Value{Kind: k, Off: off, End: p.i, Bool: k == Bool && p.data[off] == 't'}, nil
	}
}

// open consumes the '{' or '[' of a container at depth (the number of
// containers around it).
func (p *parser) open(depth int) error {
	if depth >= MaxDepth {
		if p.std {
			return p.errChar("exceeded max depth")
		}
		return &SyntaxError{Off: p.i, Msg: fmt.Sprintf("exceeded max nesting depth (%d)", MaxDepth)}
	}
	p.i++
	return nil
}

// object reads an object at depth. keep nil builds every member;
// otherwise only the keys in keep are built (Options.Only, top level) and
// the other members are skipped, or with listSkipped listed without being
// built.
func (p *parser) object(depth int, keep []string, listSkipped bool) (*Value, error) {
	v := &Value{Kind: Object, Off: p.i}
	if listSkipped {
		v.Members = make([]Member, 0, 8) // every member is kept
	}
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
		key, kept := "", keep == nil
		if kept {
			key = Unquote(rawKey)
		} else {
			key, kept = keptKey(rawKey, keep)
		}
		if kept {
			val, err := p.value(depth + 1)
			if err != nil {
				return nil, err
			}
			v.Members = append(v.Members, Member{Key: key, KeyOff: keyOff, Val: val})
			continue
		}
		if !listSkipped {
			if _, err := p.skip(depth + 1); err != nil {
				return nil, err
			}
			continue
		}
		p.space()
		val := p.newSkipped()
		val.Off = p.i
		if val.Kind, err = p.skip(depth + 1); err != nil {
			return nil, err
		}
		val.End = p.i
		v.Members = append(v.Members, Member{Key: Unquote(rawKey), KeyOff: keyOff, Val: val})
	}
	v.End = p.i
	p.noteDuplicates(v.Members)
	return v, nil
}

// newSkipped returns a Value for a skipped member, taken from a block
// shared by a few of them: an event's top-level fields cost one
// allocation for every eight.
func (p *parser) newSkipped() *Value {
	if len(p.slab) == 0 {
		p.slab = make([]Value, 8)
	}
	v := &p.slab[0]
	p.slab = p.slab[1:]
	v.Skipped = true
	return v
}

// keptKey decodes rawKey (a string literal) when it is one of keep. A key
// without escapes is compared without being copied.
func keptKey(rawKey []byte, keep []string) (string, bool) {
	inner := rawKey[1 : len(rawKey)-1]
	key := ""
	escaped := bytes.IndexByte(inner, '\\') >= 0
	if escaped {
		key = Unquote(rawKey)
	}
	for _, k := range keep {
		if (!escaped && string(inner) == k) || (escaped && key == k) {
			return k, true
		}
	}
	return "", false
}

func (p *parser) array(depth int) (*Value, error) {
	v := &Value{Kind: Array, Off: p.i}
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
		v.Elems = append(v.Elems, el)
	}
	v.End = p.i
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
		if p.alias && len(raw) > 2 {
			return unsafe.String(&raw[1], len(raw)-2), nil
		}
		return string(raw[1 : len(raw)-1]), nil
	}
	return Unquote(raw), nil
}
