package verdict

import (
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// SPEC §6 (agent formats): a message longer than --max-message keeps its
// start, cut on a rune boundary, and says how much was cut.
func TestCutMessage(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		s     string
		limit int
		want  string
	}{
		{"short is kept", "blocked: rm -rf", 256, "blocked: rm -rf"},
		{"exactly the limit is kept", strings.Repeat("x", 256), 256, strings.Repeat("x", 256)},
		// The marker of a 4-digit count is 49 bytes: 207 are left for text.
		{"ascii", strings.Repeat("x", 1000), 256,
			strings.Repeat("x", 207) + "… [hookexec: cut 793 bytes; see --max-message]"},
		{"two-byte rune across the boundary", strings.Repeat("é", 500), 256,
			strings.Repeat("é", 103) + "… [hookexec: cut 794 bytes; see --max-message]"},
		{"three-byte runes, one ending on the boundary", strings.Repeat("€", 400), 256,
			strings.Repeat("€", 69) + "… [hookexec: cut 993 bytes; see --max-message]"},
		{"three-byte rune across the boundary", "a" + strings.Repeat("€", 400), 256,
			"a" + strings.Repeat("€", 68) + "… [hookexec: cut 996 bytes; see --max-message]"},
		{"four-byte rune across the boundary", strings.Repeat("😀", 300), 256,
			strings.Repeat("😀", 51) + "… [hookexec: cut 996 bytes; see --max-message]"},
		{"a tiny limit is raised to the minimum", strings.Repeat("x", 1000), 10,
			strings.Repeat("x", 207) + "… [hookexec: cut 793 bytes; see --max-message]"},
		{"no limit is the default", strings.Repeat("x", DefaultMaxMessage), 0, strings.Repeat("x", DefaultMaxMessage)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			got := CutMessage(tt.s, tt.limit)
			assert.Equal(t, tt.want, got)
			assert.True(t, utf8.ValidString(got))
			limit := max(tt.limit, MinMaxMessage)
			if tt.limit == 0 {
				limit = DefaultMaxMessage
			}
			assert.LessOrEqual(t, len(got), limit)
		})
	}
}

// The default cap on a long message: the marker counts every byte left out.
func TestCutMessageDefault(t *testing.T) {
	t.Parallel()
	s := strings.Repeat("hook output ", 40<<10) // 480 KiB
	got := CutMessage(s, 0)
	require.LessOrEqual(t, len(got), DefaultMaxMessage)
	kept, marker, ok := strings.Cut(got, "… [hookexec: cut ")
	require.True(t, ok, "no marker in %q", got[len(got)-80:])
	assert.True(t, strings.HasPrefix(s, kept))
	assert.Equal(t, strconv.Itoa(len(s)-len(kept))+" bytes; see --max-message]", marker)
	assert.Len(t, got, DefaultMaxMessage, "the cap is used to the byte for ASCII")
}
