package event

import (
	"encoding/json"
	"unicode/utf8"
)

// The event arrives once per process, so the first use of encoding/json's
// reflection (about 80 µs) would be a noticeable share of what hookexec
// costs per event. json.Compact has already validated the input, and its
// output has no insignificant white space, so the top level of an object
// can be split with a few loops instead.

// splitObject splits the valid, compact JSON object c into its top-level
// members, and their keys in the order they first appear. Values are
// sub-slices of c (capacity clipped). A repeated key keeps its last value,
// as json.Unmarshal does.
func splitObject(c []byte) (map[string]json.RawMessage, []string) {
	fields := map[string]json.RawMessage{}
	var order []string
	i := 1 // after '{'
	for i < len(c) && c[i] != '}' {
		keyEnd := stringEnd(c, i)
		key := unquote(c[i:keyEnd])
		i = keyEnd + 1 // after ':'
		valEnd := valueEnd(c, i)
		if _, seen := fields[key]; !seen {
			order = append(order, key)
		}
		fields[key] = c[i:valEnd:valEnd]
		i = valEnd
		if i < len(c) && c[i] == ',' {
			i++
		}
	}
	return fields, order
}

// stringEnd returns the index just after the string literal starting at
// c[i] (a '"').
func stringEnd(c []byte, i int) int {
	for j := i + 1; j < len(c); j++ {
		switch c[j] {
		case '\\':
			j++
		case '"':
			return j + 1
		}
	}
	return len(c)
}

// valueEnd returns the index just after the value starting at c[i].
func valueEnd(c []byte, i int) int {
	switch c[i] {
	case '"':
		return stringEnd(c, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(c); j++ {
			switch c[j] {
			case '"':
				j = stringEnd(c, j) - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1
				}
			}
		}
		return len(c)
	default: // number, true, false, null
		j := i
		for j < len(c) && c[j] != ',' && c[j] != '}' && c[j] != ']' {
			j++
		}
		return j
	}
}

// unquote decodes a JSON string literal. Without escapes and with valid
// UTF-8 it is the bytes between the quotes; anything else goes through
// encoding/json, which replaces invalid UTF-8 as it always has.
func unquote(raw []byte) string {
	inner := raw[1 : len(raw)-1]
	if utf8.Valid(inner) && !containsByte(inner, '\\') {
		return string(inner)
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return ""
	}
	return s
}

// quote encodes s as a JSON string literal the way hookexec's encoder
// does (no HTML escaping). Plain printable ASCII is copied; anything else
// goes through encoding/json.
func quote(s string) []byte {
	for i := 0; i < len(s); i++ {
		if b := s[i]; b < 0x20 || b >= 0x7f || b == '"' || b == '\\' {
			q, _ := marshal(s)
			return q
		}
	}
	out := make([]byte, 0, len(s)+2)
	out = append(out, '"')
	out = append(out, s...)
	return append(out, '"')
}

func containsByte(b []byte, c byte) bool {
	for _, x := range b {
		if x == c {
			return true
		}
	}
	return false
}
