package agent

import (
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

// FailedHooks lists the hooks of v that failed, timed out or could not
// start without denying (a fail-closed one denies, and the verdict says
// so). The formats of agents that read only a hook's exit status
// (Windsurf, Kiro CLI) report them by exiting 1, which those agents show
// as a warning and let the action proceed (agent.Answer.Failed).
func FailedHooks(v verdict.Verdict) []string {
	var names []string
	for _, h := range v.Hooks {
		if h.Output.Blocks() {
			continue
		}
		switch h.Outcome {
		case verdict.Error, verdict.Timeout, verdict.SpawnError:
			names = append(names, h.Name)
		}
	}
	return names
}

// BlockedByStatus is the ExitBlocked of the agents that read only a
// hook's exit status: every blocked verdict exits 2 with its reason on
// stderr.
func BlockedByStatus(_ event.Event, v verdict.Verdict) bool { return v.Blocked }
