//go:build e2e

package claude

import (
	"strings"
)

// scenario is one comparison: the policies, the prompt and the tool call
// the fake model makes.
type scenario struct {
	name     string
	prompt   string         // "" for the default
	tool     map[string]any // the Bash input of the scripted tool call; nil for none
	policies []policy
	// timed records how long Claude waited for the hooks of the tool call
	// (the scenarios whose policy outlives its timeout).
	timed bool
}

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

// rmVictim is the tool call the scenarios script: the policies guard it.
var rmVictim = map[string]any{"command": "rm -rf victim/", "description": "Remove the victim directory"}

// readInput is the start of every policy: it reads the event from stdin.
const readInput = "cat >/dev/null\n"

// hookStartFile is where a timed policy writes when it started.
const hookStartFile = "hook-start"

// stamp writes the policy's start time (ns) into the project.
const stamp = `date +%s%N > "$CLAUDE_PROJECT_DIR/` + hookStartFile + `"
`

func pre(name, script string) policy {
	return policy{event: "PreToolUse", matcher: "Bash", name: name, script: readInput + script}
}

func on(event, name, script string) policy {
	return policy{event: event, name: name, script: readInput + script}
}

// once makes a Stop policy answer only the first time (a marker file in
// the project), so the second Stop lets Claude end.
func once(script string) string {
	return `[ -e "$CLAUDE_PROJECT_DIR/stop-once" ] && exit 0
touch "$CLAUDE_PROJECT_DIR/stop-once"
` + script
}

func allScenarios() []scenario {
	return []scenario{
		{name: "PreToolUse exit 2 with a reason", tool: rmVictim, policies: []policy{
			pre("exit2", `echo "E2E-REASON-exit2 rm is not allowed" >&2; exit 2`)}},
		{name: "PreToolUse JSON deny", tool: rmVictim, policies: []policy{
			pre("deny", `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"E2E-REASON-deny"}}'`)}},
		{name: "PreToolUse JSON deny with exit 2", tool: rmVictim, policies: []policy{
			pre("deny2", `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"E2E-REASON-deny2"}}'; exit 2`)}},
		{name: "PreToolUse JSON allow", tool: rmVictim, policies: []policy{
			pre("allow", `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"E2E-REASON-allow"}}'`)}},
		{name: "PreToolUse JSON ask", tool: rmVictim, policies: []policy{
			pre("ask", `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"ask","permissionDecisionReason":"E2E-REASON-ask"}}'`)}},
		{name: "PreToolUse updatedInput", tool: rmVictim, policies: []policy{
			pre("rewrite", `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"E2E-REASON-rewrite","updatedInput":{"command":"echo E2E-RAN-rewritten > rewritten.txt","description":"harmless"}}}'`)}},
		{name: "PreToolUse allow + deny", tool: rmVictim, policies: []policy{
			pre("allow", `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"E2E-REASON-allow"}}'`),
			pre("deny", `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"E2E-REASON-deny"}}'`)}},
		{name: "PreToolUse deny with systemMessage and additionalContext", tool: rmVictim, policies: []policy{
			pre("deny", `printf '%s' '{"systemMessage":"E2E-SYSMSG-deny","hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"E2E-REASON-deny","additionalContext":"E2E-CONTEXT-deny"}}'`)}},
		{name: "PreToolUse continue:false", tool: rmVictim, policies: []policy{
			pre("stop", `printf '%s' '{"continue":false,"stopReason":"E2E-STOP-pre"}'`)}},
		{name: "PreToolUse continue:false with exit 2", tool: rmVictim, policies: []policy{
			pre("stop2", `printf '%s' '{"continue":false,"stopReason":"E2E-STOP-pre2"}'; exit 2`)}},
		{name: "PreToolUse exit 1 failure", tool: rmVictim, policies: []policy{
			pre("fail", `echo "E2E-ERR-exit1 policy broke" >&2; exit 1`)}},
		{name: "PreToolUse JSON deny with exit 1", tool: rmVictim, policies: []policy{
			pre("deny1", `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"E2E-REASON-deny1"}}'; exit 1`)}},
		{name: "PreToolUse timeout", tool: rmVictim, timed: true, policies: []policy{
			{event: "PreToolUse", matcher: "Bash", name: "slow", timeout: 2, script: stamp + readInput + "sleep 30"}}},
		{name: "PreToolUse ignores SIGTERM", tool: rmVictim, timed: true, policies: []policy{
			{event: "PreToolUse", matcher: "Bash", name: "stubborn", timeout: 2, script: stamp + "trap '' TERM\n" + readInput + "sleep 30"}}},
		{name: "PreToolUse background child keeps stdout open", tool: rmVictim, timed: true, policies: []policy{
			{event: "PreToolUse", matcher: "Bash", name: "background", script: stamp + readInput + "sleep 30 &\n" +
				`printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"E2E-REASON-background"}}'`}}},
		{name: "PreToolUse exit 1 with onFailure block", tool: rmVictim, policies: []policy{
			{event: "PreToolUse", matcher: "Bash", name: "failblock", onFailure: "block", script: readInput + `echo "E2E-ERR-block policy broke" >&2; exit 1`}}},
		{name: "PreToolUse timeout with onFailure block", tool: rmVictim, timed: true, policies: []policy{
			{event: "PreToolUse", matcher: "Bash", name: "slowblock", timeout: 2, onFailure: "block", script: stamp + readInput + "sleep 30"}}},
		{name: "PreToolUse http deny", tool: rmVictim, policies: []policy{
			{event: "PreToolUse", matcher: "Bash", name: "httpdeny", http: "/deny"}}},
		{name: "PreToolUse http allow", tool: rmVictim, policies: []policy{
			{event: "PreToolUse", matcher: "Bash", name: "httpallow", http: "/allow"}}},
		{name: "PreToolUse http 500", tool: rmVictim, policies: []policy{
			{event: "PreToolUse", matcher: "Bash", name: "http500", http: "/status500"}}},
		{name: "PreToolUse http 500 with onFailure block", tool: rmVictim, policies: []policy{
			{event: "PreToolUse", matcher: "Bash", name: "http500block", http: "/status500", onFailure: "block"}}},
		{name: "PostToolUse block", tool: rmVictim, policies: []policy{
			{event: "PostToolUse", matcher: "Bash", name: "post", script: readInput + `printf '%s' '{"decision":"block","reason":"E2E-REASON-post"}'`}}},
		{name: "UserPromptSubmit context", tool: rmVictim, policies: []policy{
			on("UserPromptSubmit", "context", `printf '%s' '{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"E2E-CONTEXT-prompt"}}'`)}},
		{name: "UserPromptSubmit block", tool: rmVictim, policies: []policy{
			on("UserPromptSubmit", "block", `printf '%s' '{"decision":"block","reason":"E2E-REASON-prompt"}'`)}},
		{name: "UserPromptSubmit plain text on exit 0", tool: rmVictim, policies: []policy{
			on("UserPromptSubmit", "plain", `echo "E2E-CONTEXT-plain"`)}},
		{name: "SessionStart context", tool: rmVictim, policies: []policy{
			on("SessionStart", "context", `printf '%s' '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"E2E-CONTEXT-start"}}'`)}},
		{name: "Stop block once", tool: rmVictim, policies: []policy{
			on("Stop", "stop", once(`printf '%s' '{"decision":"block","reason":"E2E-REASON-stop"}'`))}},
		{name: "Stop exit 2 once", tool: rmVictim, policies: []policy{
			on("Stop", "stop", once(`echo "E2E-REASON-stop2" >&2; exit 2`))}},
		{name: "Stop JSON block with exit 1 once", tool: rmVictim, policies: []policy{
			on("Stop", "stop", once(`printf '%s' '{"decision":"block","reason":"E2E-REASON-stop1"}'; exit 1`))}},
		{name: "Stop continue:false", tool: rmVictim, policies: []policy{
			on("Stop", "stop", once(`printf '%s' '{"continue":false,"stopReason":"E2E-STOP-stop"}'`))}},
		{name: "Stop continue:false with exit 2", tool: rmVictim, policies: []policy{
			on("Stop", "stop", once(`printf '%s' '{"continue":false,"stopReason":"E2E-STOP-stop2"}'; exit 2`))}},
	}
}
