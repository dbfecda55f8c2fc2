package engine

import (
	"time"

	"github.com/hookexec/hookexec/internal/runner"
	"github.com/hookexec/hookexec/internal/verdict"
)

// KillGrace is the time between SIGTERM and SIGKILL of a timed-out hook's
// process group for a run answering in format f: given when set
// (--kill-grace), else 5 s, or 1 s in an agent format. The agent waits for
// hookexec's answer, and run directly, Claude Code gives up on a hook at
// its timeout, so a policy that ignores SIGTERM should not hold the agent
// for long after it (make e2e). A grace of 0 is runner.NoKillGrace: the
// runner reads 0 as its default.
func KillGrace(f verdict.Format, given time.Duration, set bool) time.Duration {
	grace := time.Second
	switch {
	case set:
		grace = given
	case f == verdict.FormatResult:
		grace = 5 * time.Second
	}
	if grace == 0 {
		return runner.NoKillGrace
	}
	return grace
}
