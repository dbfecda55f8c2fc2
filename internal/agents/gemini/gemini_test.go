package gemini

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/event"
)

// TestEventKey: Gemini CLI names an event by its canonical name, and has
// none of the events only Claude Code has.
func TestEventKey(t *testing.T) {
	t.Parallel()
	for key, want := range map[string]string{"PreToolUse": "BeforeTool", "Stop": "AfterAgent", "BeforeModel": "BeforeModel", "PermissionRequest": ""} {
		ev, ok := event.ByKey(key)
		require.True(t, ok, key)
		got, ok := Agent().EventKey(ev)
		assert.Equal(t, want != "", ok, key)
		if ok {
			assert.Equal(t, want, got, key)
		}
	}
}
