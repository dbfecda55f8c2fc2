package verdict

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
)

// anyMap writes m, indented as part of the enclosing document.
func (o *object) anyMap(name string, m map[string]any) {
	o.key(name)
	o.e.value(m, o.depth+1)
}

// value appends v, whose first line is already indented depth levels, as
// encoding/json (indented, no HTML escaping) wrote it up to Go 1.26, with
// every string written by appendJSONString: so the verdict's bytes do not
// depend on the Go version (Go 1.27's encoding/json writes invalid UTF-8 as
// a literal U+FFFD instead of \ufffd). Maps are written with their keys
// sorted by bytes. The types a hook's decoded answer holds (nil, bool,
// string, json.Number, float64, []any, []string, map[string]any) and
// json.RawMessage are written directly; any other type goes through
// encoding/json and is decoded again, so that its strings are written the
// same way. NaN, infinities, an invalid json.Number or RawMessage and
// values encoding/json cannot encode set e.failed.
func (e *verdictEncoder) value(v any, depth int) {
	if e.failed {
		return
	}
	switch v := v.(type) {
	case nil:
		e.b = append(e.b, "null"...)
	case bool:
		if v {
			e.b = append(e.b, "true"...)
		} else {
			e.b = append(e.b, "false"...)
		}
	case string:
		e.b = appendJSONString(e.b, v)
	case float64:
		e.float(v)
	case json.Number:
		e.number(v)
	case json.RawMessage:
		e.raw(v, depth)
	case map[string]any:
		if v == nil {
			e.b = append(e.b, "null"...)
			return
		}
		e.mapValue(v, depth)
	case []any:
		if v == nil {
			e.b = append(e.b, "null"...)
			return
		}
		e.list(len(v), depth, func(i int) { e.value(v[i], depth+1) })
	case []string:
		if v == nil {
			e.b = append(e.b, "null"...)
			return
		}
		e.list(len(v), depth, func(i int) { e.b = appendJSONString(e.b, v[i]) })
	default:
		e.other(v, depth)
	}
}

func (e *verdictEncoder) mapValue(m map[string]any, depth int) {
	if len(m) == 0 {
		e.b = append(e.b, "{}"...)
		return
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	e.b = append(e.b, '{')
	for i, k := range keys {
		if i > 0 {
			e.b = append(e.b, ',')
		}
		e.newline(depth + 1)
		e.b = appendJSONString(e.b, k)
		e.b = append(e.b, ':', ' ')
		e.value(m[k], depth+1)
	}
	e.newline(depth)
	e.b = append(e.b, '}')
}

// list writes an array of n elements; elem writes element i.
func (e *verdictEncoder) list(n, depth int, elem func(i int)) {
	if n == 0 {
		e.b = append(e.b, "[]"...)
		return
	}
	e.b = append(e.b, '[')
	for i := range n {
		if i > 0 {
			e.b = append(e.b, ',')
		}
		e.newline(depth + 1)
		elem(i)
	}
	e.newline(depth)
	e.b = append(e.b, ']')
}

// number writes a json.Number as it is; "" is 0, as encoding/json writes it.
func (e *verdictEncoder) number(n json.Number) {
	s := string(n)
	if s == "" {
		s = "0"
	}
	if !isJSONNumber(s) {
		e.failed = true
		return
	}
	e.b = append(e.b, s...)
}

// raw writes a json.RawMessage compacted and re-indented, its strings as
// they are; invalid JSON fails.
func (e *verdictEncoder) raw(r json.RawMessage, depth int) {
	if r == nil {
		e.b = append(e.b, "null"...)
		return
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, r); err != nil {
		e.failed = true
		return
	}
	var out bytes.Buffer
	if err := json.Indent(&out, compact.Bytes(), strings.Repeat("  ", depth), "  "); err != nil {
		e.failed = true
		return
	}
	e.b = append(e.b, out.Bytes()...)
}

// other writes a value of a type hooks' answers never hold: encoded by
// encoding/json, decoded, and written like the decoded value.
func (e *verdictEncoder) other(v any, depth int) {
	b, err := json.Marshal(v)
	if err != nil {
		e.failed = true
		return
	}
	var decoded any
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(&decoded); err != nil {
		e.failed = true
		return
	}
	e.value(decoded, depth)
}

// isJSONNumber reports whether s is a JSON number literal (RFC 8259).
func isJSONNumber(s string) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case i < len(s) && s[i] >= '1' && s[i] <= '9':
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
	default:
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == start {
			return false
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		start := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == start {
			return false
		}
	}
	return i == len(s)
}
