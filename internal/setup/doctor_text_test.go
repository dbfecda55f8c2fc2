package setup

import (
	"bytes"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookexec/hookexec/internal/termstyle"
)

// TestDoctorTextStyled: ok green, FAIL red, the summary in the colour of
// the outcome; plain, the columns are as they always were, and a detail's
// escape sequences are shown, not sent.
func TestDoctorTextStyled(t *testing.T) {
	t.Parallel()
	on := termstyle.New(true)
	r := &Report{Checks: []Check{
		{Name: "platform", OK: true, Detail: "fine"},
		{Name: "trust", Detail: "not trusted \x1b[31m", Fix: "hookexec trust"},
	}}
	var plain, coloured bytes.Buffer
	require.NoError(t, r.WriteText(&plain, termstyle.Style{}))
	assert.Equal(t, "ok   platform: fine\nFAIL trust: \"not trusted \\x1b[31m\"\n     fix: hookexec trust\n1 of 2 checks failed\n", plain.String())
	require.NoError(t, r.WriteText(&coloured, on))
	assert.Equal(t, on.OK("ok")+"   platform: fine\n"+on.Fail("FAIL")+" trust: \"not trusted \\x1b[31m\"\n     "+on.Bold("fix:")+" hookexec trust\n"+on.Fail("1 of 2 checks failed")+"\n", coloured.String())

	r.Checks = r.Checks[:1]
	coloured.Reset()
	require.NoError(t, r.WriteText(&coloured, on))
	assert.Contains(t, coloured.String(), on.OK("all 1 checks passed")+"\n")
}
