package verdict

import (
	"encoding/json"
	"io"
	"slices"
	"unicode/utf8"
)

// WriteJSON writes v as one indented JSON document (no HTML escaping). A
// verdict takes a hand-written encoder that writes the same bytes (see
// AppendJSON).
func WriteJSON(w io.Writer, v any) error {
	if vd, ok := v.(Verdict); ok {
		if b, ok := AppendJSON(make([]byte, 0, sizeHint(vd)), vd); ok {
			_, err := w.Write(b)
			return err
		}
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// sizeHint is a capacity for v's document: its strings as they will
// be escaped and the fixed text around them. Output full of control
// characters grows six-fold when escaped; sizing the buffer once keeps a
// verdict with megabytes of captured output from doubling its way there.
func sizeHint(v Verdict) int {
	n := 256 + escapedLen(v.Reason) + escapedLen(v.StopReason) + escapedLen(v.SystemMessage)
	for _, h := range v.Hooks {
		n += 384 + escapedLen(h.Name) + escapedLen(h.Command) + escapedLen(h.File) + escapedLen(h.Stdout) + escapedLen(h.Stderr) + escapedLen(h.Error)
		if h.Output != nil {
			n += 128 + escapedLen(h.Output.Reason) + escapedLen(h.Output.StopReason) + escapedLen(h.Output.SystemMessage)
		}
	}
	for _, w := range v.Warnings {
		n += 8 + escapedLen(w)
	}
	for _, u := range slices.Concat(v.Untrusted, v.Pending, v.Held) {
		n += 8 + escapedLen(u)
	}
	return n
}

// escapedLen is len(s) as appendJSONString writes it, quotes aside:
// quotes and backslashes take 2 bytes, other control characters 2 (\n)
// or 6 (\u0001), an invalid UTF-8 byte 6 (\ufffd), U+2028 and U+2029 6.
func escapedLen(s string) int {
	n := 0
	for i := 0; i < len(s); {
		w, size := escapedWidth(s, i)
		n += w
		i += size
	}
	return n
}

// escapedPrefix is the length of the longest prefix of s, never cut
// inside a UTF-8 sequence, that takes at most room bytes escaped.
func escapedPrefix(s string, room int) int {
	i := 0
	for i < len(s) {
		w, size := escapedWidth(s, i)
		if w > room {
			break
		}
		room -= w
		i += size
	}
	return i
}

// escapedWidth is what appendJSONString writes for the character at s[i]
// (w bytes), and the bytes it takes in s (size).
func escapedWidth(s string, i int) (w, size int) {
	if c := s[i]; c < utf8.RuneSelf {
		switch {
		case c >= 0x20 && c != '"' && c != '\\':
			return 1, 1
		case c == '"' || c == '\\' || c == '\b' || c == '\f' || c == '\n' || c == '\r' || c == '\t':
			return 2, 1
		default:
			return 6, 1
		}
	}
	r, size := utf8.DecodeRuneInString(s[i:])
	if (r == utf8.RuneError && size == 1) || r == '\u2028' || r == '\u2029' {
		return 6, size
	}
	return size, size
}
