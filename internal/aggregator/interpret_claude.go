package aggregator

import (
	"github.com/hookexec/hookexec/internal/event"

	"github.com/hookexec/hookexec/internal/verdict"
)

// claudeNoStderr is what Claude Code says of an exit-2 block with nothing
// on stderr.
const claudeNoStderr = "No stderr output"

// claudeBlockOutput interprets a claude-dialect hook that exited 2 the way
// Claude Code (2.1) does, so that the model reads what it would read with
// the policy run directly (make e2e): a JSON object on stdout is read as on
// exit 0, its reason first and stderr ignored; without a reason there, the
// reason is "[COMMAND]: " and stderr, or "No stderr output". Plain text on
// stdout is not read. The decision is deny, whatever the JSON says.
func claudeBlockOutput(ev event.Event, meta Meta, out, errText string, notes *[]string) *verdict.Output {
	o := &verdict.Output{}
	if obj, ok := outputObject(out); ok {
		o = normalize(ev, obj, notes)
	}
	o.Decision = "deny"
	if o.Reason == "" {
		o.Reason = "[" + meta.Command + "]: " + firstNonEmpty(errText, claudeNoStderr)
	}
	return o
}
