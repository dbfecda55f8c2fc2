package verdict

import (
	"encoding/json"
	"io"
	"slices"
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

// escapedLen is an upper bound of len(s) inside a JSON string: control
// characters, quotes and backslashes count 6 (\u0000), and so does the
// lead byte of U+2028/U+2029 (0xE2), whatever follows it.
func escapedLen(s string) int {
	n := len(s)
	for i := 0; i < len(s); i++ {
		if b := s[i]; b < 0x20 || b == '"' || b == '\\' || b == 0xE2 {
			n += 5
		}
	}
	return n
}
