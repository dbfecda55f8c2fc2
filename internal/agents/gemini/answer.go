package gemini

import (
	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

// answer is how Gemini CLI (and LLxprt Code) want hookexec's answer under
// --format gemini.
func answer() agent.Answer {
	return agent.Answer{
		Render: render,
		// A block is carried by the JSON, read on exit 0.
		ExitBlocked: nil,
		// Gemini CLI learns of a failed policy by the exit status, and
		// reads the JSON all the same.
		Failed: Failed,
		// A config or input error exits 1 (2 for a deny), as for a policy
		// that failed: Gemini CLI reads the JSON whatever the status and
		// records the failure.
		ErrorsExitZero: false,
	}
}

// render is the gemini format: RenderOutput with the notice of hooks that
// were left out (verdict.SkipNotice); nil, so that fire prints nothing,
// when Output.Silent. Gemini CLI is told of failed hooks by the exit status
// (Failed) and warns itself.
func render(ev event.Event, v verdict.Verdict, in verdict.AgentInput) any {
	if out := RenderOutput(ev, verdict.SkipNotice(ev, v, in.Notices), in); !out.Silent(ev) {
		return out
	}
	return nil
}
