package casefile

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/hookexec/hookexec/internal/jsonpos"
)

// The case file is read with jsonpos: every value is kept with its byte
// offset in the file, so that a malformed case is reported as
// file:line:col like a malformed config. Syntax errors read as
// encoding/json words them (jsonpos.Options.Std), as they always have.

// node is one JSON value of the file: its first byte's offset, its text and
// its parsed form.
type node struct {
	off int
	raw []byte
	v   *jsonpos.Value
}

// member is one key/value pair of an object, in file order.
type member struct {
	key    string
	keyOff int
	val    node
}

// reader holds the file being read.
type reader struct {
	file  string
	data  []byte
	lines jsonpos.Lines
}

func newReader(file string, data []byte) *reader {
	return &reader{file: file, data: data, lines: jsonpos.NewLines(data)}
}

func (r *reader) pos(off int) Position {
	line, col := r.lines.LineCol(off)
	return Position{File: r.file, Line: line, Col: col}
}

func (r *reader) errorf(off int, format string, args ...any) error {
	return &Error{Pos: r.pos(off), Msg: fmt.Sprintf(format, args...)}
}

func (r *reader) node(v *jsonpos.Value) node {
	return node{off: v.Off, raw: r.data[v.Off:v.End], v: v}
}

// root parses the whole file and returns its top-level value.
func (r *reader) root() (node, error) {
	v, _, err := jsonpos.Parse(r.data, jsonpos.Options{Std: true})
	if err != nil {
		var se *jsonpos.SyntaxError
		if !errors.As(err, &se) {
			return node{}, r.errorf(0, "invalid JSON: %v", err)
		}
		off := se.Off
		if se.EOF {
			off = len(r.data)
		}
		return node{}, r.errorf(off, "invalid JSON: %s", se.Msg)
	}
	return r.node(v), nil
}

// kindOf names the JSON type of n.
func kindOf(n node) string {
	if n.v == nil {
		return "nothing"
	}
	return n.v.Kind.Phrase()
}

// members returns the members of object n.
func (r *reader) members(n node, what string) ([]member, error) {
	if kindOf(n) != "an object" {
		return nil, r.errorf(n.off, "%s must be a JSON object, got %s", what, kindOf(n))
	}
	out := make([]member, 0, len(n.v.Members))
	seen := map[string]int{}
	for _, m := range n.v.Members {
		if first, ok := seen[m.Key]; ok {
			// A case file is hookexec's own format: as in a native
			// config, a repeated key is an error, never a silent drop.
			return nil, r.errorf(m.KeyOff, "duplicate key %q (also at %s): a key may appear only once in a case file", m.Key, r.pos(first))
		}
		seen[m.Key] = m.KeyOff
		out = append(out, member{key: m.Key, keyOff: m.KeyOff, val: r.node(m.Val)})
	}
	return out, nil
}

// elements returns the elements of array n.
func (r *reader) elements(n node, what string) ([]node, error) {
	if kindOf(n) != "an array" {
		return nil, r.errorf(n.off, "%s must be a JSON array, got %s", what, kindOf(n))
	}
	out := make([]node, 0, len(n.v.Elems))
	for _, el := range n.v.Elems {
		out = append(out, r.node(el))
	}
	return out, nil
}

// str reads a string.
func (r *reader) str(n node, what string) (string, error) {
	if kindOf(n) != "a string" {
		return "", r.errorf(n.off, "%s must be a string, got %s", what, kindOf(n))
	}
	return n.v.Str, nil
}

// boolean reads true or false.
func (r *reader) boolean(n node, what string) (bool, error) {
	if kindOf(n) != "a boolean" {
		return false, r.errorf(n.off, "%s must be true or false, got %s", what, kindOf(n))
	}
	return n.v.Bool, nil
}

// integer reads a whole number.
func (r *reader) integer(n node, what string) (int, error) {
	i, err := strconv.Atoi(string(n.raw))
	if kindOf(n) != "a number" || err != nil {
		return 0, r.errorf(n.off, "%s must be an integer, got %s", what, kindOf(n))
	}
	return i, nil
}

// substrings reads a string or an array of strings.
func (r *reader) substrings(n node, what string) ([]string, error) {
	if kindOf(n) == "a string" {
		s, err := r.str(n, what)
		return []string{s}, err
	}
	if kindOf(n) != "an array" {
		return nil, r.errorf(n.off, "%s must be a string or an array of strings, got %s", what, kindOf(n))
	}
	els, err := r.elements(n, what)
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(els))
	for i, el := range els {
		s, err := r.str(el, fmt.Sprintf("%s[%d]", what, i))
		if err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, nil
}

// padded returns a copy of the file up to the end of n in which everything
// before n is white space (line breaks kept): parsed on its own, n's values
// keep their lines and columns in the file.
func (r *reader) padded(n node) []byte {
	out := make([]byte, n.off+len(n.raw))
	for i, b := range r.data[:n.off] {
		if b == '\n' {
			out[i] = '\n'
		} else {
			out[i] = ' '
		}
	}
	copy(out[n.off:], n.raw)
	return out
}
