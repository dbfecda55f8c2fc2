package jsonpos

import "unicode/utf8"

// SyntaxErrorOffset is the offset in data of the character a
// json.SyntaxError's Offset names, for the readers that decode with
// encoding/json itself. Offset counts the bytes read up to and including
// the offending character: Go 1.26 reads one byte of it, Go 1.27 the whole
// UTF-8 sequence (a misplaced byte order mark is 3 bytes), so the character
// starts at the beginning of the last rune before Offset. The result is
// within 0..len(data).
func SyntaxErrorOffset(data []byte, offset int64) int {
	end := int(min(max(offset, 0), int64(len(data))))
	if end == 0 {
		return 0
	}
	_, size := utf8.DecodeLastRune(data[:end])
	return end - max(size, 1)
}
