package claude

import (
	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

// answer is how Claude Code wants hookexec's answer under --format claude.
func answer() agent.Answer {
	return agent.Answer{
		Render:      render,
		ExitBlocked: exitBlocked,
		// Claude Code is told of failed policies in systemMessage
		// (FailureNotice): with "onFailure": "block" on hookexec's entry
		// (install), any status but 0 and 2 would block the tool.
		Failed: nil,
		// The answer carries a config or input error in systemMessage (and
		// the deny under --fail-closed); Claude Code reads it on exit 0,
		// and any status but 0 and 2 would block through onFailure (issue
		// 17 §2).
		ErrorsExitZero: true,
	}
}

// render is the claude format: RenderText for WorktreeCreate, else the
// JSON of RenderOutput with the notices of hooks that were left out
// (verdict.SkipNotice) and of hooks that failed without denying
// (FailureNotice) in systemMessage, so that the agent's user hears of
// them.
func render(ev event.Event, v verdict.Verdict, in verdict.AgentInput) any {
	if ev.Plain == event.PlainWorktreePath {
		return RenderText(v)
	}
	return RenderOutput(ev, FailureNotice(verdict.SkipNotice(ev, v, in.Notices)), in)
}

// exitBlocked: fire exits 2 with its JSON when a claude-dialect policy
// blocked with exit 2 (BlockedByExit2): Claude reads the JSON all the
// same, and labels the block as it would label the policy's own. Claude
// Code's WorktreeCreate has no JSON block: only a status other than 0
// fails the creation.
func exitBlocked(ev event.Event, v verdict.Verdict) bool {
	return BlockedByExit2(v) || ev.Plain == event.PlainWorktreePath
}
