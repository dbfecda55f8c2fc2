package verdict

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestBlockMessage(t *testing.T) {
	t.Parallel()
	assert.Equal(t, "no", Verdict{Reason: "no", StopReason: "stop"}.BlockMessage())
	assert.Equal(t, "stop", Verdict{Reason: " ", StopReason: "stop"}.BlockMessage())
	assert.Equal(t, "blocked by hook", Verdict{}.BlockMessage())
}
