package event

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"
	"unicode/utf8"
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
	data, err := io.ReadAll(io.LimitReader(r, MaxInputSize+1))
	if err != nil {
		return nil, &InputError{Msg: "cannot read: " + err.Error()}
	}
	if len(data) > MaxInputSize {
		return nil, &InputError{Msg: fmt.Sprintf("larger than %d MiB", MaxInputSize>>20)}
	}
	return ParseInput(data, now, wd)
}

// ParseInput parses an event object (empty input means {}) and fills the
// missing base fields (SPEC §4.1): session_id, transcript_path, cwd (wd)
// and timestamp (now, UTC). A leading UTF-8 byte order mark is ignored, as
// in every JSON hookexec reads; error columns count its bytes, as a
// config's do.
func ParseInput(data []byte, now time.Time, wd string) (*Input, error) {
	skip := 0
	if bytes.HasPrefix(data, []byte(BOM)) {
		skip = len(BOM)
	}
	body := data[skip:]
	var fields map[string]json.RawMessage
	var order []string
	if len(bytes.TrimSpace(body)) == 0 {
		fields = map[string]json.RawMessage{}
	} else {
		var compact bytes.Buffer
		compact.Grow(len(body))
		if err := json.Compact(&compact, body); err != nil {
			return nil, syntaxError(data, skip, err)
		}
		c := compact.Bytes()
		if c[0] != '{' {
			return nil, &InputError{Msg: "the event must be a JSON object, got " + JSONKind(c[0])}
		}
		fields, order = splitObject(c)
	}
	in := &Input{fields: fields, order: order}
	in.setDefault("session_id", "")
	in.setDefault("transcript_path", "")
	in.setDefault("cwd", wd)
	in.setDefault("timestamp", now.UTC().Format(TimestampLayout))
	return in, nil
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
	return unquote(raw), true
}

// Object decodes the top-level object field name (numbers kept as
// written); nil when the field is absent or not an object. Only that
// field's bytes are decoded.
func (in *Input) Object(name string) map[string]any {
	raw, ok := in.fields[name]
	if !ok || len(raw) == 0 || raw[0] != '{' {
		return nil
	}
	var obj map[string]any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if dec.Decode(&obj) != nil {
		return nil
	}
	return obj
}

// Clone returns a copy whose fields can be changed independently.
func (in *Input) Clone() *Input {
	fields := make(map[string]json.RawMessage, len(in.fields))
	for k, v := range in.fields {
		fields[k] = v
	}
	return &Input{fields: fields, order: slices.Clone(in.order)}
}

// Encode renders the compact JSON a hook registered under eventKey
// receives on stdin: the fields in the order the agent sent them (the
// filled-in ones after them), hook_event_name set to the key (in its place,
// or last), one trailing newline.
func (in *Input) Encode(eventKey string) []byte {
	size := len(eventKey) + 24
	for k, v := range in.fields {
		size += len(k) + len(v) + 4
	}
	buf := make([]byte, 0, size)
	buf = append(buf, '{')
	named := false
	for _, k := range in.order {
		if len(buf) > 1 {
			buf = append(buf, ',')
		}
		buf = append(buf, quote(k)...)
		buf = append(buf, ':')
		if k == "hook_event_name" {
			buf = append(buf, quote(eventKey)...)
			named = true
		} else {
			buf = append(buf, in.fields[k]...)
		}
	}
	if !named {
		if len(buf) > 1 {
			buf = append(buf, ',')
		}
		buf = append(buf, `"hook_event_name":`...)
		buf = append(buf, quote(eventKey)...)
	}
	return append(buf, '}', '\n')
}

// Apply feeds a sequential hook's hookSpecificOutput into the input of the
// next hook, as chain c prescribes (SPEC §4.7).
func (in *Input) Apply(c Chain, hso map[string]any) {
	switch c {
	case ChainToolInput:
		if updated, ok := hso["updatedInput"].(map[string]any); ok {
			in.set("tool_input", updated)
		}
		if patch, ok := hso["tool_input"].(map[string]any); ok {
			in.merge("tool_input", patch)
		}
	case ChainPrompt:
		if extra, ok := hso["additionalContext"].(string); ok && extra != "" {
			prompt, _ := in.String("prompt")
			in.set("prompt", prompt+"\n\n"+extra)
		}
	case ChainLLMRequest:
		if patch, ok := hso["llm_request"].(map[string]any); ok {
			in.merge("llm_request", patch)
		}
	}
}

// merge shallow-merges patch into the object field name (replacing a
// field that is not an object).
func (in *Input) merge(name string, patch map[string]any) {
	obj := map[string]json.RawMessage{}
	if raw, ok := in.fields[name]; ok && len(raw) > 0 && raw[0] == '{' {
		if json.Unmarshal(raw, &obj) != nil {
			obj = map[string]json.RawMessage{}
		}
	}
	for k, v := range patch {
		if b, err := marshal(v); err == nil {
			obj[k] = b
		}
	}
	in.set(name, obj)
}

func (in *Input) set(name string, v any) {
	if b, err := marshal(v); err == nil {
		if _, ok := in.fields[name]; !ok {
			in.order = append(in.order, name)
		}
		in.fields[name] = b
	}
}

// marshal encodes v compactly without HTML escaping.
func marshal(v any) (json.RawMessage, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// JSONKind names the JSON type of a value by its first byte, for messages:
// "an object", "an array", "a string", "a boolean", "null", "a number".
func JSONKind(first byte) string {
	switch first {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case '"':
		return "a string"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	default:
		return "a number"
	}
}

// BOM is the UTF-8 byte order mark. A leading one is ignored wherever
// hookexec reads JSON (configs, case files, event input, hook output);
// anywhere else it is an ordinary character.
const BOM = "\xEF\xBB\xBF"

// SyntaxErrorOffset is the offset in data of the character a
// json.SyntaxError's Offset names. Offset counts the bytes read up to and
// including the offending character: Go 1.26 reads one byte of it, Go 1.27
// the whole UTF-8 sequence (a misplaced byte order mark is 3 bytes), so the
// character starts at the beginning of the last rune before Offset. The
// result is within 0..len(data).
func SyntaxErrorOffset(data []byte, offset int64) int {
	end := int(min(max(offset, 0), int64(len(data))))
	if end == 0 {
		return 0
	}
	_, size := utf8.DecodeLastRune(data[:end])
	return end - max(size, 1)
}

// syntaxError converts a JSON error about data[skip:] into an InputError
// with the line and column in data. json.Compact does not report offsets,
// so the error path checks again.
func syntaxError(data []byte, skip int, err error) error {
	var raw json.RawMessage
	if uerr := json.Unmarshal(data[skip:], &raw); uerr != nil {
		err = uerr
	}
	var se *json.SyntaxError
	if !errors.As(err, &se) {
		return &InputError{Msg: err.Error()}
	}
	p := skip + SyntaxErrorOffset(data[skip:], se.Offset)
	line := 1 + bytes.Count(data[:p], []byte("\n"))
	col := p - bytes.LastIndexByte(data[:p], '\n')
	msg := strings.TrimPrefix(se.Error(), "json: ")
	return &InputError{Line: line, Col: col, Msg: "invalid JSON: " + msg}
}
