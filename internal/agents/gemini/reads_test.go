package gemini

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookexec/hookexec/internal/reading"
)

func TestTruthy(t *testing.T) {
	t.Parallel()
	for v, want := range map[any]bool{nil: false, false: false, true: true, "": false, "false": true} {
		assert.Equal(t, want, truthy(v), "%#v", v)
	}
	assert.False(t, truthy(jsonNumber("0")))
	assert.False(t, truthy(jsonNumber("-0.0")))
	assert.True(t, truthy(jsonNumber("0.5")))
	assert.True(t, truthy(map[string]any{}))
}

func jsonNumber(s string) any {
	v, _ := reading.Value(s)
	return v
}
