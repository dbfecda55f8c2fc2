package claude

import (
	"slices"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
)

// Answer is Claude Code's format (--format claude) as an agent.Answer, for
// the agents whose hooks answer as Claude Code's do (Factory Droid, iFlow
// CLI, CodeBuddy Code, Cortex Code, ...). Each of them has its own
// --format NAME with this answer, or with the fields it reads otherwise
// changed (an agent that reads a block only from exit status 2 sets
// ExitBlocked).
func Answer() agent.Answer { return answer() }

// EventsOf is the Events of an agent that fires the Claude Code events
// named keys under their Claude names: ev's Claude name when it is one of
// keys, false otherwise.
func EventsOf(keys []string) func(ev event.Event) (string, bool) {
	return func(ev event.Event) (string, bool) {
		return ev.Claude, ev.Claude != "" && slices.Contains(keys, ev.Claude)
	}
}
