package qwen

import (
	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/agents/claude"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/reading"
	"github.com/hookexec/hookexec/internal/verdict"
)

// noStderr is the reason of a hook that exited 2 with nothing on stderr.
const noStderr = "hook exited with code 2 and wrote nothing on stderr"

// Reads is Qwen Code's hook runner (0.24.4), Claude Code's but for exit 2:
// only stderr is read then, as a JSON object or as the reason itself
// (stdout is ignored, and the reason is not labelled with the command);
// a fail-closed reason is hookexec's own.
type Reads struct{ reading.Spec }

// Exited reads x as Qwen Code does.
func (Reads) Exited(x agent.Exit) agent.Read {
	if x.Code != 0 && x.Code != 2 {
		return claude.FailedWithAnswer(x)
	}
	return reading.Exited(x, true, blockOutput)
}

// blockOutput interprets a hook that exited 2 the way Qwen Code does:
// stdout is ignored; a JSON object on stderr is the answer, else stderr's
// text is the reason, unlabelled. The decision is deny here whatever that
// JSON says, and an empty stderr denies too: Qwen Code lets the tool run
// then (no answer at all), and hookexec keeps exit 2 a block
// (docs/agents/qwen.md).
func blockOutput(x agent.Exit, notes *[]string) *verdict.Output {
	o := &verdict.Output{}
	if obj, ok := reading.Object(x.Err); ok {
		o = reading.Normalize(x.Event, obj, notes)
	} else if x.Err != "" {
		o.Reason = x.Err
	}
	o.Decision = "deny"
	o.Reason = reading.FirstNonEmpty(o.Reason, noStderr)
	return o
}

// Answer: stderr on exit 2, stdout otherwise.
func (Reads) Answer(x agent.Exit) (string, bool, bool) {
	if x.Code == 2 {
		return x.Err, true, false
	}
	return reading.Stdout(x)
}

// Blocks: exit 2, or a JSON answer that blocks; Qwen Code reads a
// top-level "decision": "deny" as well as Claude Code's fields.
func (Reads) Blocks(_ event.Event, stdout []byte, status int) bool {
	return status == verdict.StatusBlocked || reading.JSONBlocks(stdout, true, true)
}
