package goose

import (
	"bytes"
	"encoding/json"
	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/verdict"
)

// Output is a goose hook's decision on stdout.
type Output struct {
	Decision string `json:"decision"`
	Reason   string `json:"reason,omitempty"`
}

// blocks are the Claude names of the events whose decision goose reads.
func blocks(name string) bool {
	switch name {
	case "PreToolUse", "Stop":
		return true
	}
	return false
}

// answer is --format goose. A block is in the JSON, exit 0. A config or
// input error exits 1, which goose reads as no decision (the tool runs,
// unless hookexec's entry has "on_failure": "block"); under --fail-closed
// the deny exits 2 with the reason on stderr.
func answer() agent.Answer {
	return agent.Answer{Render: render, ExitBlocked: nil, Failed: nil, ErrorsExitZero: false, Blocks: Blocks}
}

// render is {"decision": "block", "reason"} for a blocked PreToolUse or
// Stop (a deny, or continue false), {"decision": "allow"} for an allowed
// PreToolUse, and nothing at all otherwise: goose reads exit 0 with empty
// stdout as an allow, and any other output (even {}) as no decision.
// Context and messages have no place in goose's answer.
func render(ev event.Event, v verdict.Verdict, in verdict.AgentInput) any {
	if !blocks(ev.Claude) {
		return nil
	}
	switch {
	case v.Blocked:
		reason := v.Reason
		if v.Decision != "deny" {
			reason = v.StopReason
		}
		return Output{Decision: "block", Reason: in.Cut(reason)}
	case v.Decision == "allow" && ev.Claude == "PreToolUse":
		return Output{Decision: "allow"}
	}
	return nil
}

// Blocks is how goose reads one hook's answer on PreToolUse and Stop (the
// only events it lets block): exit 2, or a JSON "decision": "block" on
// stdout (which must start with "{") whatever the status.
func Blocks(ev event.Event, stdout []byte, status int) bool {
	if !blocks(ev.Claude) {
		return false
	}
	if status == 2 {
		return true
	}
	var out struct {
		Decision string `json:"decision"`
	}
	return bytes.HasPrefix(stdout, []byte("{")) && json.Unmarshal(stdout, &out) == nil && out.Decision == "block"
}
