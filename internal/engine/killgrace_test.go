package engine

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/hookexec/hookexec/internal/agents/claude"
	"github.com/hookexec/hookexec/internal/agents/gemini"
	"github.com/hookexec/hookexec/internal/runner"
	"github.com/hookexec/hookexec/internal/setup"
	"github.com/hookexec/hookexec/internal/verdict"
)

func TestKillGrace(t *testing.T) {
	t.Parallel()
	assert.Equal(t, 5*time.Second, KillGrace(verdict.FormatResult, 0, false))
	assert.Equal(t, setup.AgentKillGrace, KillGrace(verdict.Format(claude.Name), 0, false), "what install budgets for")
	assert.Equal(t, time.Second, KillGrace(verdict.Format(gemini.Name), 0, false))
	assert.Equal(t, 200*time.Millisecond, KillGrace(verdict.Format(claude.Name), 200*time.Millisecond, true))
	assert.Equal(t, runner.NoKillGrace, KillGrace(verdict.FormatResult, 0, true), "0 given: SIGKILL right after SIGTERM")
}
