package aggregator

import (
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

// qwenNoStderr is the reason of a qwen-dialect hook that exited 2 with
// nothing on stderr.
const qwenNoStderr = "hook exited with code 2 and wrote nothing on stderr"

// qwenBlockOutput interprets a qwen-dialect hook that exited 2 the way
// Qwen Code (0.24.4) does: stdout is ignored; a JSON object on stderr is
// the answer, else stderr's text is the reason, unlabelled. The decision
// is deny here whatever that JSON says, and an empty stderr denies too:
// Qwen Code lets the tool run then (no answer at all), and hookexec keeps
// exit 2 a block (docs/agents/qwen.md).
func qwenBlockOutput(ev event.Event, errText string, notes *[]string) *verdict.Output {
	o := &verdict.Output{}
	if obj, ok := outputObject(errText); ok {
		o = normalize(ev, obj, notes)
	} else if errText != "" {
		o.Reason = errText
	}
	o.Decision = "deny"
	o.Reason = firstNonEmpty(o.Reason, qwenNoStderr)
	return o
}
