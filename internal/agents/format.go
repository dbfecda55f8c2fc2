package agents

import (
	"fmt"
	"strings"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

// FormatNames are fire's --format values: result, then the agent formats
// (Formats), in the order they are documented.
func FormatNames() []string {
	return append([]string{string(verdict.FormatResult)}, Formats()...)
}

// ParseFormat reads a --format value (case-insensitive, surrounding space
// ignored); "" is the default, result.
func ParseFormat(s string) (verdict.Format, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if t == "" {
		return verdict.FormatResult, nil
	}
	for _, f := range FormatNames() {
		if f == t {
			return verdict.Format(f), nil
		}
	}
	return "", fmt.Errorf("unknown format %q (supported: %s)", s, strings.Join(FormatNames(), ", "))
}

// AnswerOf is the answer of agent format f (agent.Agent.Answer), and false
// for the result format (and a format no agent has).
func AnswerOf(f verdict.Format) (agent.Answer, bool) {
	a, ok := ByFormat(string(f))
	if !ok {
		return agent.Answer{}, false
	}
	return a.Answer, true
}

// Render returns the value fire prints for v in format f: v itself for
// result, else what the format's agent reads from one hook
// (agent.Answer.Render): a value printed as JSON, a verdict.Text printed as
// it is, or nil when fire prints nothing at all.
//
// The agent formats never block unless the verdict does: on an event that
// cannot block (or a verdict that is not blocked, for continue), decision,
// reason, continue and stopReason are left out, so the output and the exit
// status always agree. Each tells the user of hooks hookexec left out
// (verdict.SkipNotice), and each message they carry is cut to
// in.MaxMessage, since the agent puts it in front of the model; the result
// format is bounded by --max-total-output (verdict.Bound).
func Render(f verdict.Format, ev event.Event, v verdict.Verdict, in verdict.AgentInput) any {
	if ans, ok := AnswerOf(f); ok && ans.Render != nil {
		return ans.Render(ev, v, in)
	}
	return v
}
