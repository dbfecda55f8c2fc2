package verdict

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/event"
)

func mustEvent(t testing.TB, name string) event.Event {
	t.Helper()
	ev, ok := event.ByKey(name)
	require.True(t, ok, "unknown event %s", name)
	return ev
}
