package harness

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestJSONLines(t *testing.T) {
	t.Parallel()
	got := JSONLines([]byte("{\"type\":\"a\"}\nnot json\n\n[1]\nnull\n{\"type\":\"b\",\"n\":2}"))
	assert.Equal(t, []map[string]any{{"type": "a"}, {"type": "b", "n": float64(2)}}, got)
	assert.Empty(t, JSONLines(nil))
}
