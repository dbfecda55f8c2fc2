package casefile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/hookexec/hookexec/internal/event"
)

// The case file is read with encoding/json, but every value is kept with
// its byte offset in the file, so that a malformed case is reported as
// file:line:col like a malformed config.

// node is one JSON value of the file: its first byte's offset and its text.
type node struct {
	off int
	raw []byte
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
	lines []int // offsets at which lines start
}

func newReader(file string, data []byte) *reader {
	r := &reader{file: file, data: data, lines: []int{0}}
	for i, b := range data {
		if b == '\n' {
			r.lines = append(r.lines, i+1)
		}
	}
	return r
}

func (r *reader) pos(off int) Position {
	n := sort.Search(len(r.lines), func(i int) bool { return r.lines[i] > off }) - 1
	n = max(n, 0)
	return Position{File: r.file, Line: n + 1, Col: off - r.lines[n] + 1}
}

func (r *reader) errorf(off int, format string, args ...any) error {
	return &Error{Pos: r.pos(off), Msg: fmt.Sprintf(format, args...)}
}

// root checks the syntax of the whole file and returns its top-level value.
func (r *reader) root() (node, error) {
	var v json.RawMessage
	if err := json.Unmarshal(r.data, &v); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			// At the end of the input Offset is the input's length.
			off := event.SyntaxErrorOffset(r.data, se.Offset)
			if int(se.Offset) >= len(r.data) && strings.Contains(se.Error(), "end of JSON input") {
				off = len(r.data)
			}
			return node{}, r.errorf(off, "invalid JSON: %s", trimJSONPrefix(se.Error()))
		}
		return node{}, r.errorf(0, "invalid JSON: %s", trimJSONPrefix(err.Error()))
	}
	return node{off: skipSeparators(r.data, 0), raw: bytes.TrimSpace(v)}, nil
}

func trimJSONPrefix(s string) string {
	return strings.TrimPrefix(s, "json: ")
}

// skipSeparators returns the offset of the next value or key at or after
// off: white space, ':' and ',' are skipped.
func skipSeparators(data []byte, off int) int {
	for off < len(data) {
		switch data[off] {
		case ' ', '\t', '\r', '\n', ':', ',':
			off++
		default:
			return off
		}
	}
	return off
}

// kindOf names the JSON type of n.
func kindOf(n node) string {
	if len(n.raw) == 0 {
		return "nothing"
	}
	return event.JSONKind(n.raw[0])
}

// members returns the members of object n with absolute offsets. n must be
// syntactically valid (root checked the file).
func (r *reader) members(n node, what string) ([]member, error) {
	if kindOf(n) != "an object" {
		return nil, r.errorf(n.off, "%s must be a JSON object, got %s", what, kindOf(n))
	}
	dec := json.NewDecoder(bytes.NewReader(n.raw))
	if _, err := dec.Token(); err != nil { // {
		return nil, r.errorf(n.off, "%s: %v", what, err)
	}
	var out []member
	seen := map[string]int{}
	for dec.More() {
		keyOff := n.off + skipSeparators(n.raw, int(dec.InputOffset()))
		tok, err := dec.Token()
		if err != nil {
			return nil, r.errorf(keyOff, "%s: %v", what, err)
		}
		key, _ := tok.(string)
		if first, ok := seen[key]; ok {
			// A case file is hookexec's own format: as in a native
			// config, a repeated key is an error, never a silent drop.
			return nil, r.errorf(keyOff, "duplicate key %q (also at %s): a key may appear only once in a case file", key, r.pos(first))
		}
		seen[key] = keyOff
		val, err := r.next(dec, n)
		if err != nil {
			return nil, err
		}
		out = append(out, member{key: key, keyOff: keyOff, val: val})
	}
	return out, nil
}

// elements returns the elements of array n with absolute offsets.
func (r *reader) elements(n node, what string) ([]node, error) {
	if kindOf(n) != "an array" {
		return nil, r.errorf(n.off, "%s must be a JSON array, got %s", what, kindOf(n))
	}
	dec := json.NewDecoder(bytes.NewReader(n.raw))
	if _, err := dec.Token(); err != nil { // [
		return nil, r.errorf(n.off, "%s: %v", what, err)
	}
	var out []node
	for dec.More() {
		el, err := r.next(dec, n)
		if err != nil {
			return nil, err
		}
		out = append(out, el)
	}
	return out, nil
}

// next reads the value that dec is about to decode inside parent.
func (r *reader) next(dec *json.Decoder, parent node) (node, error) {
	start := skipSeparators(parent.raw, int(dec.InputOffset()))
	var skip json.RawMessage
	if err := dec.Decode(&skip); err != nil {
		return node{}, r.errorf(parent.off+start, "%v", err)
	}
	end := int(dec.InputOffset())
	return node{off: parent.off + start, raw: parent.raw[start:end]}, nil
}

// str reads a string.
func (r *reader) str(n node, what string) (string, error) {
	var s string
	if kindOf(n) != "a string" || json.Unmarshal(n.raw, &s) != nil {
		return "", r.errorf(n.off, "%s must be a string, got %s", what, kindOf(n))
	}
	return s, nil
}

// boolean reads true or false.
func (r *reader) boolean(n node, what string) (bool, error) {
	var b bool
	if kindOf(n) != "a boolean" || json.Unmarshal(n.raw, &b) != nil {
		return false, r.errorf(n.off, "%s must be true or false, got %s", what, kindOf(n))
	}
	return b, nil
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
