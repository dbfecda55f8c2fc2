package event

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"slices"
	"time"

	"github.com/hookexec/hookexec/internal/jsonpos"
)

// MaxInputSize is the largest event accepted on stdin (SPEC §4.1).
const MaxInputSize = 64 << 20

// TimestampLayout is the layout of the filled-in timestamp field.
const TimestampLayout = "2006-01-02T15:04:05.000Z"

// Input is a parsed event: its top-level fields as compact raw JSON, so
// that large nested values (tool_input, llm_request) are copied, never
// decoded, on their way to the hooks, and the order of their keys, so that
// the hooks get them in the agent's order.
type Input struct {
	fields map[string]json.RawMessage
	order  []string // keys in input order; fields added later at the end
}

// InputError is a problem with the event input; Line and Col are set for
// JSON syntax errors.
type InputError struct {
	Line, Col int
	Msg       string
}

func (e *InputError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("input: line %d, column %d: %s", e.Line, e.Col, e.Msg)
	}
	return "input: " + e.Msg
}

// ReadInput reads and parses an event from r (at most MaxInputSize bytes).
func ReadInput(r io.Reader, now time.Time, wd string) (*Input, error) {
	data, err := readAll(r)
	if err != nil {
		return nil, &InputError{Msg: "cannot read: " + err.Error()}
	}
	if len(data) > MaxInputSize {
		return nil, &InputError{Msg: fmt.Sprintf("larger than %d MiB", MaxInputSize>>20)}
	}
	return ParseInput(data, now, wd)
}

// readAll reads r to its end, at most MaxInputSize+1 bytes, as io.ReadAll
// does, into one buffer of the file's size when r is a regular file (an
// event redirected from a file): a large event is not copied as the
// buffer grows.
func readAll(r io.Reader) ([]byte, error) {
	size := 512
	if f, ok := r.(interface{ Stat() (fs.FileInfo, error) }); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() <= MaxInputSize {
			size = int(fi.Size()) + 1 // and the read that finds the end
		}
	}
	buf := make([]byte, 0, size)
	lr := io.LimitReader(r, MaxInputSize+1)
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := lr.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
	}
}

// ParseInput parses an event object (empty input means {}) and fills the
// missing base fields (SPEC §4.1): session_id, transcript_path, cwd (wd)
// and timestamp (now, UTC). A leading UTF-8 byte order mark is ignored, as
// in every JSON hookexec reads; error columns count its bytes, as a
// config's do. The Input keeps parts of data: data must not be changed
// afterwards.
func ParseInput(data []byte, now time.Time, wd string) (*Input, error) {
	return ParseInputIn(data, now, func() string { return wd })
}

// ParseInputIn is ParseInput with the working directory asked for only
// when the event has no cwd (the agents send one: a server answering many
// events does not look its own up for each).
func ParseInputIn(data []byte, now time.Time, wd func() string) (*Input, error) {
	body := data
	if jsonpos.HasBOM(data) {
		body = data[len(jsonpos.BOM):]
	}
	fields := map[string]json.RawMessage{}
	var order []string
	if len(bytes.TrimSpace(body)) > 0 {
		// The top-level members are found and checked, never built:
		// large nested values (tool_input, llm_request) stay bytes.
		root, _, err := jsonpos.Parse(data, jsonpos.Options{Only: []string{}, ListSkipped: true, Std: true})
		if err != nil {
			return nil, syntaxError(data, err)
		}
		if root.Kind != jsonpos.Object {
			return nil, &InputError{Msg: "the event must be a JSON object, got " + root.Kind.Phrase()}
		}
		fields, order = compactMembers(data, root.Members)
	}
	in := &Input{fields: fields, order: order}
	in.setDefault("session_id", "")
	in.setDefault("transcript_path", "")
	if _, ok := in.fields["cwd"]; !ok {
		in.setDefault("cwd", wd())
	}
	in.setDefault("timestamp", now.UTC().Format(TimestampLayout))
	return in, nil
}

// compactMembers returns the values of members as compact JSON (sub-slices
// of one buffer, capacity clipped) by key, and the keys in the order they
// first appear. A repeated key keeps its last value, as json.Unmarshal
// does.
func compactMembers(data []byte, members []jsonpos.Member) (map[string]json.RawMessage, []string) {
	fields := make(map[string]json.RawMessage, len(members)+4)
	order := make([]string, 0, len(members)+4) // room for the base fields
	values := make([]json.RawMessage, len(members))
	size := 0
	for i, m := range members {
		// A value already compact (as agents send them) is used where it
		// is: a large one is not copied.
		if raw := data[m.Val.Off:m.Val.End:m.Val.End]; jsonpos.IsCompact(raw) {
			values[i] = raw
		} else {
			size += len(raw)
		}
	}
	c := make([]byte, 0, size)
	for i, m := range members {
		if values[i] == nil {
			start := len(c)
			c = jsonpos.AppendCompact(c, data[m.Val.Off:m.Val.End])
			values[i] = c[start:len(c):len(c)]
		}
		if _, seen := fields[m.Key]; !seen {
			order = append(order, m.Key)
		}
		fields[m.Key] = values[i]
	}
	return fields, order
}

// syntaxError converts a jsonpos error about data into an InputError with
// the line and column of the offending character.
func syntaxError(data []byte, err error) error {
	var se *jsonpos.SyntaxError
	if !errors.As(err, &se) {
		return &InputError{Msg: err.Error()}
	}
	line, col := jsonpos.NewLines(data).LineCol(se.Off)
	return &InputError{Line: line, Col: col, Msg: "invalid JSON: " + se.Msg}
}

func (in *Input) setDefault(name, value string) {
	if _, ok := in.fields[name]; !ok {
		in.fields[name] = quote(value)
		in.order = append(in.order, name)
	}
}

// String returns a top-level string field; ok is false when the field is
// absent or not a string.
func (in *Input) String(name string) (string, bool) {
	raw, ok := in.fields[name]
	if !ok || len(raw) < 2 || raw[0] != '"' {
		return "", false
	}
	return jsonpos.Unquote(raw), true
}

// Bool reports whether the top-level field name is JSON true.
func (in *Input) Bool(name string) bool {
	return in != nil && string(in.fields[name]) == "true"
}

// Object decodes the top-level object field name (numbers kept as
// written); nil when the field is absent or not an object. Only that
// field's bytes are decoded.
func (in *Input) Object(name string) map[string]any {
	raw, ok := in.fields[name]
	if !ok || len(raw) == 0 || raw[0] != '{' {
		return nil
	}
	// jsonpos reads the bytes where they are (encoding/json's Decoder
	// would first copy them into a buffer grown by doubling), and its
	// strings share them: a field's bytes never change once parsed.
	v, _, err := jsonpos.Parse(raw, jsonpos.Options{Std: true, Alias: true})
	if err != nil || v.Kind != jsonpos.Object {
		return nil
	}
	obj, _ := v.Any().(map[string]any)
	return obj
}

// Size is the size of the fields' JSON: about what encoding the event, or
// a view of it, takes.
func (in *Input) Size() int {
	n := 2
	for k, v := range in.fields {
		n += len(k) + len(v) + 4
	}
	return n
}

// Clone returns a copy whose fields can be changed independently.
func (in *Input) Clone() *Input {
	fields := make(map[string]json.RawMessage, len(in.fields))
	for k, v := range in.fields {
		fields[k] = v
	}
	return &Input{fields: fields, order: slices.Clone(in.order)}
}
