package compare

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRowProblem(t *testing.T) {
	t.Parallel()
	same := Row{Scenario: "deny", Direct: Facts{"tool ran": "no"}, Through: Facts{"tool ran": "no"}}
	assert.Empty(t, same.Problem())

	differs := Row{Scenario: "deny", Direct: Facts{"tool ran": "no"}, Through: Facts{"tool ran": "yes", "extra": "x"}}
	assert.Equal(t, []string{"extra", "tool ran"}, differs.Differences())
	assert.Contains(t, differs.Problem(), `tool ran: agent alone "no", through hookexec "yes"`)

	differs.Deliberate = Deliberate{Facts: []string{"tool ran", "extra"}, Why: "on purpose"}
	assert.Empty(t, differs.Problem())

	differs.Deliberate.Facts = []string{"extra"}
	assert.Contains(t, differs.Problem(), `tool ran: agent alone "no"`, "only the declared facts may differ")
	assert.NotContains(t, differs.Problem(), "extra")

	same.Deliberate = Deliberate{Facts: []string{"tool ran"}, Why: "on purpose"}
	assert.Contains(t, same.Problem(), `"tool ran" is declared a deliberate difference (on purpose), but both runs agree`)
}

func TestWriteTable(t *testing.T) {
	t.Parallel()
	var b strings.Builder
	require.NoError(t, WriteTable(&b, []Row{
		{Scenario: "a|b", Direct: Facts{"k": "x\ny"}, Through: Facts{"k": "x\ny"}},
		{Scenario: "c", Direct: Facts{"k": "1"}, Through: Facts{"k": "2"}, Deliberate: Deliberate{Facts: []string{"k"}, Why: "why"}},
	}))
	assert.Equal(t, "| scenario | agent alone | through hookexec | same? |\n|---|---|---|---|\n"+
		"| a\\|b | k: x<br>y | k: x<br>y | yes |\n"+
		"| c | k: 1 | k: 2 | no: k (deliberate: why) |\n", b.String())
}
