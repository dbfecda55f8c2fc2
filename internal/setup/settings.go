package setup

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"

	"github.com/hookexec/hookexec/internal/jsonpos"
)

// object is a JSON object whose members stay in file order. Values are
// kept as their JSON text, so what install does not touch is written back
// as it was (but for white space).
type object struct {
	members []member
}

type member struct {
	key string
	val json.RawMessage
}

// parseObject reads one JSON object. A repeated key is an error: which of
// the two the agent uses is its parser's business, and rewriting the file
// would lose one of them.
func parseObject(data []byte) (*object, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		return nil, jsonError(data, err)
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, fmt.Errorf("%s, not an object", kindOf(data))
	}
	o := &object{}
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, jsonError(data, err)
		}
		key, _ := tok.(string)
		if seen[key] {
			return nil, fmt.Errorf("duplicate key %q", key)
		}
		seen[key] = true
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, jsonError(data, err)
		}
		o.members = append(o.members, member{key, raw})
	}
	if _, err := dec.Token(); err != nil {
		return nil, jsonError(data, err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		if err == nil {
			return nil, fmt.Errorf("text after the object at offset %d", dec.InputOffset())
		}
		return nil, jsonError(data, err)
	}
	return o, nil
}

// parseArray reads one JSON array into its elements.
func parseArray(data []byte) ([]json.RawMessage, bool) {
	if kindOf(data) != "an array" {
		return nil, false
	}
	var items []json.RawMessage
	if err := json.Unmarshal(data, &items); err != nil {
		return nil, false
	}
	return items, true
}

// kindOf names the kind of a JSON value, for messages.
func kindOf(data []byte) string {
	t := bytes.TrimLeft(data, " \t\r\n")
	if len(t) == 0 {
		return "empty"
	}
	return jsonpos.KindOf(t[0]).Phrase()
}

func isNull(raw json.RawMessage) bool { return kindOf(raw) == "null" }

// jsonError adds line and column to a syntax error.
func jsonError(data []byte, err error) error {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		// The column of the offending character's first byte, whatever
		// the Go version (jsonpos.SyntaxErrorOffset).
		line, col := lineCol(data, jsonpos.SyntaxErrorOffset(data, se.Offset)+1)
		return fmt.Errorf("%d:%d: %s", line, col, se.Error())
	}
	if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
		line, col := lineCol(data, len(data))
		return fmt.Errorf("%d:%d: unexpected end of JSON", line, col)
	}
	return err
}

func lineCol(data []byte, off int) (int, int) {
	off = min(max(off, 0), len(data))
	before := data[:off]
	line := bytes.Count(before, []byte("\n")) + 1
	return line, off - bytes.LastIndexByte(before, '\n')
}

func (o *object) index(key string) int {
	for i, m := range o.members {
		if m.key == key {
			return i
		}
	}
	return -1
}

// get returns the value of key; absent and null are both "not there".
func (o *object) get(key string) (json.RawMessage, bool) {
	if i := o.index(key); i >= 0 && !isNull(o.members[i].val) {
		return o.members[i].val, true
	}
	return nil, false
}

// set replaces key's value where it is, or appends the key.
func (o *object) set(key string, val json.RawMessage) {
	if i := o.index(key); i >= 0 {
		o.members[i].val = val
		return
	}
	o.members = append(o.members, member{key, val})
}

func (o *object) remove(key string) {
	if i := o.index(key); i >= 0 {
		o.members = append(o.members[:i], o.members[i+1:]...)
	}
}

// str returns key's value when it is a string.
func (o *object) str(key string) (string, bool) {
	raw, ok := o.get(key)
	if !ok {
		return "", false
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return "", false
	}
	return s, true
}

// encode is the object's compact JSON text.
func (o *object) encode() json.RawMessage {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o.members {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(marshal(m.key))
		b.WriteByte(':')
		b.Write(m.val)
	}
	b.WriteByte('}')
	return b.Bytes()
}

func encodeArray(items []json.RawMessage) json.RawMessage {
	var b bytes.Buffer
	b.WriteByte('[')
	for i, it := range items {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(it)
	}
	b.WriteByte(']')
	return b.Bytes()
}

// marshal encodes v without HTML escaping (a command's "<" and "&" stay
// as they are).
func marshal(v any) json.RawMessage {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v) // only strings, numbers and bools, which always encode
	return bytes.TrimRight(b.Bytes(), "\n")
}

// layout is how a settings file is written: its indentation, whether it
// ends with a newline, and a byte order mark it started with.
type layout struct {
	indent  string
	newline bool
	bom     bool
}

const bom = "\ufeff"

// layoutOf reads the layout of an existing file (two spaces and a final
// newline for a new or one-line file).
func layoutOf(data []byte) layout {
	l := layout{indent: "  ", newline: true}
	if len(data) == 0 {
		return l
	}
	l.bom = bytes.HasPrefix(data, []byte(bom))
	l.newline = bytes.HasSuffix(data, []byte("\n"))
	for _, line := range strings.Split(string(data), "\n")[1:] {
		line = strings.TrimSuffix(line, "\r")
		trimmed := strings.TrimLeft(line, " \t")
		if trimmed == "" || len(trimmed) == len(line) {
			continue
		}
		l.indent = line[:len(line)-len(trimmed)]
		break
	}
	return l
}

// format writes o in layout l.
func (l layout) format(o *object) ([]byte, error) {
	var b bytes.Buffer
	if l.bom {
		b.WriteString(bom)
	}
	if err := json.Indent(&b, o.encode(), "", l.indent); err != nil {
		return nil, fmt.Errorf("setup: formatting settings: %w", err)
	}
	if l.newline {
		b.WriteByte('\n')
	}
	return b.Bytes(), nil
}

// sameJSON reports whether two JSON texts hold the same values (key order
// and white space aside).
func sameJSON(a, b []byte) bool {
	var va, vb any
	da := json.NewDecoder(bytes.NewReader(bytes.TrimPrefix(a, []byte(bom))))
	db := json.NewDecoder(bytes.NewReader(bytes.TrimPrefix(b, []byte(bom))))
	da.UseNumber()
	db.UseNumber()
	if da.Decode(&va) != nil || db.Decode(&vb) != nil {
		return false
	}
	return reflect.DeepEqual(va, vb)
}
