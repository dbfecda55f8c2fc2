package matcher

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// Qwen Code splits a matcher at each | outside a character class, a group
// and an escape.
func TestSplitAlternatives(t *testing.T) {
	t.Parallel()
	assert.Equal(t, []string{"x", "[a|b]", `c\|d`, "(e|f)"}, splitAlternatives(`x|[a|b]|c\|d|(e|f)`))
}
