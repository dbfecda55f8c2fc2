package jsonpos

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// SyntaxErrorOffset finds the offending character whether encoding/json
// read one byte of it (Go 1.26) or all of it (Go 1.27).
func TestSyntaxErrorOffset(t *testing.T) {
	t.Parallel()
	data := []byte("{\"a\":1,\uFEFF\"b\":2}")
	bom := len(`{"a":1,`)
	for _, tt := range []struct {
		offset int64
		want   int
	}{
		{int64(bom) + 1, bom}, // one byte of the mark read
		{int64(bom) + 3, bom}, // the whole mark read
		{6, 5},                // an ASCII character
		{0, 0},
		{-1, 0},
		{int64(len(data)) + 5, len(data) - 1},
	} {
		assert.Equal(t, tt.want, SyntaxErrorOffset(data, tt.offset), "offset %d", tt.offset)
	}
}
