package event

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestNamesWithPrefix(t *testing.T) {
	t.Parallel()
	got := NamesWithPrefix("beforet")
	assert.Contains(t, got, "BeforeTool")
	assert.Contains(t, got, "BeforeToolSelection")
	assert.NotContains(t, got, "AfterTool")
	assert.Equal(t, Names(), NamesWithPrefix(""))
}
