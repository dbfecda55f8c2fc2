package claude

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/hookexec/hookexec/internal/verdict"
)

func TestBlockedByExit2(t *testing.T) {
	t.Parallel()
	two, one := 2, 1
	assert.True(t, BlockedByExit2(verdict.Verdict{Hooks: []verdict.HookReport{{Dialect: "claude", Outcome: verdict.Blocked, ExitCode: &two}}}))
	assert.False(t, BlockedByExit2(verdict.Verdict{Hooks: []verdict.HookReport{{Dialect: "native", Outcome: verdict.Blocked, ExitCode: &two}}}))
	assert.False(t, BlockedByExit2(verdict.Verdict{Hooks: []verdict.HookReport{{Dialect: "claude", Outcome: verdict.Error, ExitCode: &one}}}))
}
