package setup

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/tailscale/hujson"

	"github.com/hookexec/hookexec/internal/jsonpos"
)

// object is a read-only view of a JSON object whose members stay in file
// order; values are their plain JSON text. Edits go to the file's syntax
// tree (settings_edit.go), never through this view.
type object struct {
	members []member
}

type member struct {
	key string
	val json.RawMessage
}

// parseObject reads one plain JSON object with the one JSON reader
// (jsonpos, encoding/json's wording, whatever the Go version). A repeated
// key is an error: which of the two the agent uses is its parser's
// business, and an edit could not say which one it changes.
func parseObject(data []byte) (*object, error) {
	root, _, err := jsonpos.Parse(data, jsonpos.Options{Std: true})
	if err != nil {
		return nil, posError(data, err)
	}
	if root.Kind != jsonpos.Object {
		return nil, fmt.Errorf("%s, not an object", root.Kind.Phrase())
	}
	o := &object{}
	seen := map[string]bool{}
	for _, m := range root.Members {
		if seen[m.Key] {
			return nil, fmt.Errorf("duplicate key %q", m.Key)
		}
		seen[m.Key] = true
		o.members = append(o.members, member{m.Key, json.RawMessage(data[m.Val.Off:m.Val.End])})
	}
	return o, nil
}

// posError adds line and column to one of jsonpos's syntax errors.
func posError(data []byte, err error) error {
	var se *jsonpos.SyntaxError
	switch {
	case !errors.As(err, &se):
		return err
	case se.EOF:
		line, col := lineCol(data, len(data))
		return &syntaxError{line, col, "unexpected end of JSON"}
	case strings.Contains(se.Msg, "after top-level value"):
		return fmt.Errorf("text after the object at offset %d", se.Off)
	}
	line, col := lineCol(data, se.Off) // the offending character's column
	return &syntaxError{line, col, se.Msg}
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

// syntaxError is a JSON syntax error at a line and column of the file.
type syntaxError struct {
	line, col int
	msg       string
}

func (e *syntaxError) Error() string { return fmt.Sprintf("%d:%d: %s", e.line, e.col, e.msg) }

// hujsonError reads hujson's "hujson: line L, column C: msg" as a
// syntaxError (nil when it is not one).
func hujsonError(err error) *syntaxError {
	var e syntaxError
	if n, _ := fmt.Sscanf(err.Error(), "hujson: line %d, column %d:", &e.line, &e.col); n != 2 {
		return nil
	}
	_, rest, _ := strings.Cut(err.Error(), ", column ")
	_, e.msg, _ = strings.Cut(rest, ": ")
	return &e
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

const bom = "\ufeff"

// sameSettings reports whether two settings texts hold the same values (key
// order and white space aside) and the same comments, in the same order.
func sameSettings(a, b []byte) bool {
	va, ca, okA := fileValue(a)
	vb, cb, okB := fileValue(b)
	return okA && okB && reflect.DeepEqual(va, vb) && slices.Equal(ca, cb)
}

// fileValue decodes a settings text (comments allowed) and lists its
// comments.
func fileValue(data []byte) (any, []string, bool) {
	ast, err := hujson.Parse(bytes.Clone(bytes.TrimPrefix(data, []byte(bom)))) // Standardize writes into it
	if err != nil {
		return nil, nil, false
	}
	comments := fileComments(&ast)
	ast.Standardize()
	var v any
	dec := json.NewDecoder(bytes.NewReader(ast.Pack()))
	dec.UseNumber()
	if dec.Decode(&v) != nil {
		return nil, nil, false
	}
	return v, comments, true
}
