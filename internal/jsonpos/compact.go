package jsonpos

import "bytes"

// AppendCompact appends raw, a valid JSON text (a value Parse accepted),
// to dst without its insignificant white space, exactly as json.Compact
// writes it, without checking raw again.
func AppendCompact(dst, raw []byte) []byte {
	for i := 0; i < len(raw); {
		switch raw[i] {
		case ' ', '\t', '\n', '\r':
			i++
		case '"':
			end := stringEnd(raw, i)
			dst = append(dst, raw[i:end]...)
			i = end
		default:
			j := i + 1
			for j < len(raw) && !isSpaceOrQuote(raw[j]) {
				j++
			}
			dst = append(dst, raw[i:j]...)
			i = j
		}
	}
	return dst
}

// stringEnd returns the offset just after the string literal that starts
// at raw[i].
func stringEnd(raw []byte, i int) int {
	j := i + 1
	for {
		k := bytes.IndexByte(raw[j:], '"')
		if k < 0 {
			return len(raw)
		}
		j += k
		backslashes := 0
		for b := j - 1; b > i && raw[b] == '\\'; b-- {
			backslashes++
		}
		j++
		if backslashes%2 == 0 {
			return j
		}
	}
}

// IsCompact reports whether raw, a valid JSON text, has no insignificant
// white space: AppendCompact would copy it unchanged.
func IsCompact(raw []byte) bool {
	for i := 0; i < len(raw); {
		switch raw[i] {
		case ' ', '\t', '\n', '\r':
			return false
		case '"':
			i = stringEnd(raw, i)
		default:
			i++
		}
	}
	return true
}

func isSpaceOrQuote(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '"'
}
