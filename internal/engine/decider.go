package engine

import (
	"github.com/rs/zerolog"

	"github.com/hookexec/hookexec/internal/verdict"
)

// Decider is the index in v.Hooks of the hook that decided v: when v is
// blocked, the first hook in plan order whose answer blocks (a deny, a
// continue false, or exit 2); otherwise the first whose answer carries
// v's decision. -1 when no hook did (no hook ran, none answered, or the
// block is hookexec's own: --fail-closed, --untrusted deny).
func Decider(v verdict.Verdict) int {
	if v.Blocked {
		for i, h := range v.Hooks {
			if h.Outcome == verdict.Blocked || h.Output.Blocks() {
				return i
			}
		}
		return -1
	}
	if v.Decision == "" {
		return -1
	}
	for i, h := range v.Hooks {
		if h.Output != nil && h.Output.Decision == v.Decision {
			return i
		}
	}
	return -1
}

// logBlock logs a blocked event at info level: the policy that decided,
// where it is written and the reason: a block always leaves a line.
func logBlock(log zerolog.Logger, v verdict.Verdict) {
	if !v.Blocked {
		return
	}
	ev := log.Info().Str("event", v.Event).Str("reason", v.Reason)
	if i := Decider(v); i >= 0 {
		h := v.Hooks[i]
		ev = ev.Str("policy", h.Name).Str("file", h.File).Int("line", h.Line).Str("outcome", string(h.Outcome))
	} else {
		ev = ev.Str("policy", "hookexec")
	}
	ev.Msg("blocked")
}

// logged logs res's verdict when it blocks (logBlock): the deny answering a
// config or input error under --fail-closed.
func (res Result) logged(log zerolog.Logger) Result {
	if res.Answered {
		logBlock(log, res.Verdict)
	}
	return res
}
