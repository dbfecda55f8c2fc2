package spelling

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestClosest(t *testing.T) {
	t.Parallel()
	known := []string{"timeout", "command", "failClosed"}
	assert.Equal(t, "timeout", Closest("timout", known, 2))
	assert.Equal(t, "command", Closest("comand", known, 2))
	assert.Equal(t, "failClosed", Closest("FAILCLOSED", known, 0), "equal but for case wins at any distance")
	assert.Equal(t, "", Closest("statusMessage", known, 2))
	assert.Equal(t, "", Closest("tools", []string{"hooks"}, 1))
}
