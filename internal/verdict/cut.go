package verdict

import (
	"strconv"
	"unicode/utf8"
)

// DefaultMaxMessage is how many bytes each message of an agent format may
// take when AgentInput.MaxMessage is 0 (fire --max-message).
const DefaultMaxMessage = 64 << 10

// MinMaxMessage is the smallest message cap: the marker and some text.
const MinMaxMessage = 256

// CutMessage returns s when it fits in limit bytes (limit <= 0:
// DefaultMaxMessage; below MinMaxMessage: MinMaxMessage). Otherwise it
// returns the start of s, never cut inside a UTF-8 sequence, followed by a
// marker that says how many bytes were left out:
//
//	… [hookexec: cut 419430400 bytes; see --max-message]
//
// The result, marker included, is at most limit bytes.
func CutMessage(s string, limit int) string {
	switch {
	case limit <= 0:
		limit = DefaultMaxMessage
	case limit < MinMaxMessage:
		limit = MinMaxMessage
	}
	if len(s) <= limit {
		return s
	}
	// The number of bytes cut is at most len(s): reserve its digits.
	keep := limit - len(cutMarker(len(s)))
	for keep > 0 && !utf8.RuneStart(s[keep]) {
		keep--
	}
	return s[:keep] + cutMarker(len(s)-keep)
}

func cutMarker(n int) string {
	return "… [hookexec: cut " + strconv.Itoa(n) + " bytes; see --max-message]"
}
