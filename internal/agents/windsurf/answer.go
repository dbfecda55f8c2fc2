package windsurf

import (
	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

// answer is how Windsurf wants hookexec's answer under --format windsurf:
// by the exit status alone.
func answer() agent.Answer {
	return agent.Answer{
		Render: render,
		// Exit 2 blocks a pre-hook and shows stderr (the reason) to the
		// agent; on a post-hook the agent still sees the reason.
		ExitBlocked: agent.BlockedByStatus,
		// A failed policy exits 1: Windsurf lets the action proceed, as it
		// does for its own failed hooks, and shows stderr with
		// show_output.
		Failed: agent.FailedHooks,
		// A config or input error exits 1 (2 when it denies under
		// --fail-closed).
		ErrorsExitZero: false,
		Blocks:         blocks,
	}
}

// blocks reports whether Windsurf, running one hook that exited with
// status, blocks: exit 2 on a pre-hook (the tool events before the
// action, and the prompt); stdout is never read.
func blocks(ev event.Event, _ []byte, status int) bool {
	return status == verdict.StatusBlocked && (ev.Name == "BeforeTool" || ev.Name == "BeforeAgent")
}

// render prints the verdict's message for the user as plain text (with
// the notice of hooks hookexec left out), or nothing: Windsurf reads no
// answer from stdout and shows it to the user only when the entry says
// "show_output": true. A block's reason goes to stderr with exit 2.
func render(ev event.Event, v verdict.Verdict, in verdict.AgentInput) any {
	return verdict.Text(in.Cut(verdict.SkipNotice(ev, v, in.Notices).SystemMessage))
}
