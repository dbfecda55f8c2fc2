package registry

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestWarningLines(t *testing.T) {
	t.Parallel()
	r := &Registry{Warnings: []Diagnostic{
		{Pos: Position{File: "h.json", Line: 3, Col: 7}, Severity: SeverityWarning, Message: "entry skipped"},
		{Pos: Position{File: "g.json"}, Severity: SeverityError, Message: "cannot read"},
	}}
	assert.Equal(t, []string{"h.json:3:7: entry skipped", "g.json: cannot read"}, r.WarningLines())
	assert.Nil(t, (&Registry{}).WarningLines(), "no warnings: nil, which the verdict omits")
}
