//go:build e2e && unix

package copilot

import (
	"strings"

	"github.com/hookexec/hookexec/e2e/fakeopenai"
)

// policy is one hook of a scenario: a small shell script, run as one of
// Copilot's own hooks or through hookexec, under Copilot's event name.
type policy struct {
	event   string // Copilot's name: preToolUse, or a PascalCase one
	matcher string // "" for none
	name    string
	script  string // the body after saving the event
	timeout int    // timeoutSec; 0 for Copilot's default (30)
}

// scenario is one comparison: the policies, and what the fake model does.
type scenario struct {
	name     string
	policies []policy
	// call is the scripted tool call; zero for the default shell command
	// that writes the marker file.
	call fakeopenai.ToolCall
	// token is a text the policies send toward the model (a context, a
	// reason), whose arrival is a fact.
	token string
	// project puts the policies in the repository's .github/hooks (direct)
	// and hookexec's entries in the project scope (through), with
	// --trust-folder; false: the user's $COPILOT_HOME/hooks.
	project bool
}

// markerCommand is the scripted shell command: it leaves the marker file
// when the tool runs.
const markerCommand = "echo ran > marker"

// rewrittenCommand is what a rewriting policy runs instead.
const rewrittenCommand = "echo rewritten > rewritten"

// answer is a policy body that prints a JSON answer.
func answer(json string) string { return "printf '%s\\n' '" + json + "'" }

func pre(name, script string) policy {
	return policy{event: "preToolUse", name: name, script: script}
}

func scenarios() []scenario {
	return []scenario{
		{name: "preToolUse exit 2 deny", token: "no-rm-please",
			policies: []policy{pre("guard", "echo no-rm-please >&2; exit 2")}},
		{name: "preToolUse JSON deny in Copilot's shape", token: "copilot-shaped-deny",
			policies: []policy{pre("guard", answer(`{"permissionDecision":"deny","permissionDecisionReason":"copilot-shaped-deny"}`))}},
		{name: "preToolUse Claude-shaped deny is ignored under camelCase", token: "claude-shaped-deny",
			policies: []policy{pre("guard", answer(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"claude-shaped-deny"}}`))}},
		{name: "PreToolUse Claude-shaped deny holds under PascalCase", token: "pascal-deny",
			policies: []policy{{event: "PreToolUse", name: "guard", script: answer(`{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"pascal-deny"}}`)}}},
		{name: "preToolUse deny with a matcher", token: "matched-deny",
			policies: []policy{{event: "preToolUse", matcher: "bash", name: "guard", script: answer(`{"permissionDecision":"deny","permissionDecisionReason":"matched-deny"}`)}}},
		{name: "preToolUse matcher of another tool", token: "unmatched-deny",
			policies: []policy{{event: "preToolUse", matcher: "view|edit", name: "guard", script: answer(`{"permissionDecision":"deny","permissionDecisionReason":"unmatched-deny"}`)}}},
		{name: "preToolUse ask is a deny in -p", token: "please-confirm",
			policies: []policy{pre("guard", answer(`{"permissionDecision":"ask","permissionDecisionReason":"please-confirm"}`))}},
		{name: "permissionRequest deny", token: "no-permission",
			policies: []policy{{event: "permissionRequest", name: "perm", script: answer(`{"behavior":"deny","message":"no-permission"}`)}}},
		{name: "preToolUse allow",
			policies: []policy{pre("guard", answer(`{"permissionDecision":"allow"}`))}},
		{name: "preToolUse rewrite with modifiedArgs",
			policies: []policy{pre("rewrite", answer(`{"modifiedArgs":{"command":"`+rewrittenCommand+`"}}`))}},
		{name: "preToolUse timeout", policies: []policy{{event: "preToolUse", name: "slow", script: "sleep 5", timeout: 1}}},
		{name: "preToolUse exit 1 failure", policies: []policy{pre("broken", "echo broken >&2; exit 1")}},
		{name: "postToolUse exit 1 failure", policies: []policy{{event: "postToolUse", name: "lint", script: "echo lint-broke >&2; exit 1"}}},
		{name: "postToolUse context", token: "post-tool-context",
			policies: []policy{{event: "postToolUse", name: "context", script: answer(`{"additionalContext":"post-tool-context"}`)}}},
		{name: "postToolUse Claude-shaped context is ignored", token: "claude-post-context",
			policies: []policy{{event: "postToolUse", name: "context", script: answer(`{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"claude-post-context"}}`)}}},
		{name: "userPromptSubmitted block", token: "prompt-blocked",
			policies: []policy{{event: "userPromptSubmitted", name: "prompt", script: answer(`{"decision":"block","reason":"prompt-blocked"}`)}}},
		{name: "sessionStart context", token: "session-context",
			policies: []policy{{event: "sessionStart", name: "start", script: answer(`{"additionalContext":"session-context"}`)}}},
		{name: "agentStop block once", token: "keep-going",
			policies: []policy{{event: "agentStop", name: "stop", script: `if [ -e "$RAN/stop.once" ]; then exit 0; fi; : > "$RAN/stop.once"; ` + answer(`{"decision":"block","reason":"keep-going"}`)}}},
		{name: "project .github/hooks deny in a trusted folder", token: "project-deny", project: true,
			policies: []policy{pre("guard", answer(`{"permissionDecision":"deny","permissionDecisionReason":"project-deny"}`))}},
	}
}

// slug is the scenario's name as a directory name.
func (s scenario) slug() string {
	return strings.Trim(strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			return r
		case r >= 'A' && r <= 'Z':
			return r + 'a' - 'A'
		}
		return '-'
	}, s.name), "-")
}
