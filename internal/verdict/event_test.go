package verdict

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/event"
)

func TestResolveEvent(t *testing.T) {
	t.Parallel()
	ev, warning, err := ResolveEvent("pretooluse", Format("claude"))
	require.NoError(t, err)
	assert.Equal(t, "BeforeTool", ev.Name)
	assert.Empty(t, warning)

	for _, f := range []Format{Format("claude"), Format("gemini")} {
		ev, warning, err = ResolveEvent("SomeFutureEvent", f)
		require.NoError(t, err)
		assert.Equal(t, event.Unknown("SomeFutureEvent"), ev)
		assert.Equal(t, `unknown event "SomeFutureEvent": only the hooks registered under exactly this key run (matchers ignored, merged as decisions); with none, an event that can block is denied`, warning)
	}
	_, warning, err = ResolveEvent("PostToolBatchX", Format("claude"))
	require.NoError(t, err)
	assert.Contains(t, warning, `(did you mean "PostToolBatch"?)`)

	_, _, err = ResolveEvent("SomeFutureEvent", FormatResult)
	var ue *event.UnknownError
	require.ErrorAs(t, err, &ue, "the result format keeps the usage error")
	for _, bad := range []string{"", "two words", "nul\x00", string(make([]byte, 200))} {
		_, _, err = ResolveEvent(bad, Format("claude"))
		assert.Error(t, err, "%q", bad)
	}
}
