package jsonpos

import "encoding/json"

// Kind is the JSON type of a value.
type Kind uint8

// The JSON types.
const (
	Null Kind = iota
	Bool
	Number
	String
	Array
	Object
)

// String names the kind as config diagnostics do: "boolean", "number", ...
func (k Kind) String() string {
	switch k {
	case Bool:
		return "boolean"
	case Number:
		return "number"
	case String:
		return "string"
	case Array:
		return "array"
	case Object:
		return "object"
	default:
		return "null"
	}
}

// Phrase names the kind with its article, for messages: "an object", "an
// array", "a string", "a boolean", "null", "a number".
func (k Kind) Phrase() string {
	switch k {
	case Object:
		return "an object"
	case Array:
		return "an array"
	case String:
		return "a string"
	case Bool:
		return "a boolean"
	case Null:
		return "null"
	default:
		return "a number"
	}
}

// KindOf is the kind of a valid JSON value by its first byte.
func KindOf(first byte) Kind {
	switch first {
	case '{':
		return Object
	case '[':
		return Array
	case '"':
		return String
	case 't', 'f':
		return Bool
	case 'n':
		return Null
	default:
		return Number
	}
}

// Value is one parsed JSON value: its kind, the byte offsets of its first
// byte and just after its last one, and its contents. Skipped marks a
// top-level value that Options.Only left out and Options.ListSkipped
// listed: it has a kind and offsets but no contents.
type Value struct {
	Kind    Kind
	Bool    bool
	Skipped bool
	Off     int
	End     int
	Str     string // a string's content; the literal text of a number
	Elems   []*Value
	Members []Member
}

// Member is one key/value pair of an object, in file order.
type Member struct {
	Key    string
	KeyOff int
	Val    *Value
}

// Get returns the value of key, or nil when the object has no such key or
// its value was skipped. As in encoding/json, the last of duplicate keys
// wins.
func (v *Value) Get(key string) *Value {
	for i := len(v.Members) - 1; i >= 0; i-- {
		if m := v.Members[i]; m.Key == key && !m.Val.Skipped {
			return m.Val
		}
	}
	return nil
}

// Duplicate is a key that an object repeats: Off is an occurrence that is
// ignored, Last the offset of the last one, which is used.
type Duplicate struct {
	Key       string
	Off, Last int
}

// noteDuplicates records the keys that members repeats: every occurrence
// but the last, with the offset of the last. Skipped members are not
// compared.
func (p *parser) noteDuplicates(members []Member) {
	if len(members) < 2 {
		return
	}
	lastOf := func(i int) int { // the last member with members[i]'s key
		last := i
		for j := i + 1; j < len(members); j++ {
			if !members[j].Val.Skipped && members[j].Key == members[i].Key {
				last = j
			}
		}
		return last
	}
	if len(members) > 16 { // a map, not n² comparisons
		last := make(map[string]int, len(members))
		for i, m := range members {
			if !m.Val.Skipped {
				last[m.Key] = i
			}
		}
		if len(last) == len(members) {
			return
		}
		lastOf = func(i int) int { return last[members[i].Key] }
	}
	for i, m := range members {
		if m.Val.Skipped {
			continue
		}
		if j := lastOf(i); j != i {
			p.dups = append(p.dups, Duplicate{Key: m.Key, Off: m.KeyOff, Last: members[j].KeyOff})
		}
	}
}

// Any is the value as encoding/json decodes it with UseNumber: bool,
// json.Number (the number as written), string, []any, map[string]any
// (the last of duplicate keys wins), nil for null and skipped values.
func (v *Value) Any() any {
	switch v.Kind {
	case Bool:
		return v.Bool
	case Number:
		return json.Number(v.Str)
	case String:
		return v.Str
	case Array:
		out := make([]any, 0, len(v.Elems))
		for _, e := range v.Elems {
			out = append(out, e.Any())
		}
		return out
	case Object:
		out := make(map[string]any, len(v.Members))
		for _, m := range v.Members {
			out[m.Key] = m.Val.Any()
		}
		return out
	default:
		return nil
	}
}
