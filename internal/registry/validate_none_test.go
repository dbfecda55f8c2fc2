package registry

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestNoneFound: only a check of the discovered setup that found nothing
// fails for it.
func TestNoneFound(t *testing.T) {
	t.Parallel()
	none := func(string) string { return "" }
	set := func(string) string { return "x.json" }
	empty, one := &Report{}, &Report{Files: []FileReport{{}}}
	assert.ErrorContains(t, empty.NoneFound(nil, none, "/p"), "no config files found (project directory /p: no .hookexec/;")
	assert.NoError(t, empty.NoneFound([]string{"a.json"}, none, "/p"), "a FILE was named")
	assert.NoError(t, empty.NoneFound(nil, set, "/p"), "$HOOKEXEC_CONFIG was set")
	assert.NoError(t, one.NoneFound(nil, none, "/p"))
}
