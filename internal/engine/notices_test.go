package engine

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookexec/hookexec/internal/agents/claude"
	"github.com/hookexec/hookexec/internal/verdict"
)

// TestNoticeLogOnlyForAgents: the result format and an input never read
// have no session to remember notices in.
func TestNoticeLogOnlyForAgents(t *testing.T) {
	t.Parallel()
	getenv := func(string) string { return "" }
	assert.Nil(t, NoticeLog(getenv, verdict.FormatResult, nil))
	assert.Nil(t, NoticeLog(getenv, verdict.Format(claude.Name), nil))
}
