package registry

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// A plugin's variable is recognised as a whole name: $CLAUDE_PLUGIN_ROOT is
// not a reference to $PLUGIN_ROOT (Goose's).
func TestRefersTo(t *testing.T) {
	t.Parallel()
	assert.True(t, refersTo([]byte(`"sh ${CLAUDE_PLUGIN_ROOT}/x"`), "CLAUDE_PLUGIN_ROOT"))
	assert.True(t, refersTo([]byte(`"sh $CLAUDE_PLUGIN_ROOT/x"`), "CLAUDE_PLUGIN_ROOT"))
	assert.True(t, refersTo([]byte(`"$PLUGIN_ROOT_X $PLUGIN_ROOT"`), "PLUGIN_ROOT"))
	assert.False(t, refersTo([]byte(`"sh ${CLAUDE_PLUGIN_ROOT}/x $CLAUDE_PLUGIN_ROOT"`), "PLUGIN_ROOT"))
	assert.False(t, refersTo([]byte(`"$PLUGIN_ROOTS"`), "PLUGIN_ROOT"))
}
