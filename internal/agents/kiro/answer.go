package kiro

import (
	"strings"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

// answer is how Kiro CLI wants hookexec's answer under --format kiro: by
// the exit status, with stdout as context where Kiro reads it.
func answer() agent.Answer {
	return agent.Answer{
		Render: render,
		// Exit 2 blocks preToolUse and returns stderr (the reason) to the
		// model. On the other events Kiro shows stderr to the user as a
		// warning and goes on: it cannot block a prompt or a stop.
		ExitBlocked: agent.BlockedByStatus,
		// A failed policy exits 1: Kiro shows stderr as a warning and lets
		// the tool run, as for its own failed hooks.
		Failed: agent.FailedHooks,
		// A config or input error exits 1 (2 when it denies under
		// --fail-closed).
		ErrorsExitZero: false,
		Blocks:         blocks,
	}
}

// blocks reports whether Kiro CLI, running one hook that exited with
// status, blocks: exit 2 on preToolUse only; stdout is never a decision.
func blocks(ev event.Event, _ []byte, status int) bool {
	return status == verdict.StatusBlocked && ev.Name == "BeforeTool"
}

// render is the text Kiro adds to the model's context on agentSpawn and
// userPromptSubmit (SessionStart and BeforeAgent): the hooks' context,
// then their messages, which Kiro has no other way to show; nothing on the
// other events, whose stdout Kiro keeps to itself, nor on a block, whose
// reason goes to stderr.
func render(ev event.Event, v verdict.Verdict, in verdict.AgentInput) any {
	if ev.Plain != event.PlainContext || v.Blocked {
		return nil
	}
	v = verdict.SkipNotice(ev, v, in.Notices)
	var parts []string
	for _, s := range []string{verdict.ContextOf(v.HookSpecificOutput), v.SystemMessage} {
		if s != "" {
			parts = append(parts, in.Cut(s))
		}
	}
	return verdict.Text(strings.Join(parts, "\n"))
}
