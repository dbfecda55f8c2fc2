//go:build e2e

package claude

import "time"

// The scenarios of issue 17: Claude Code's hook fields if and onFailure,
// hooks of type http, and the events hookexec did not know. Their facts
// about Claude alone are in docs/claude-code-facts.md.

// madeFile is what a scripted tool call that is not rm writes, so the facts
// can say it ran.
const madeFile = "made.txt"

// ifRm is the if rule of the guards; ifEtc one that names more than the
// command.
const (
	ifRm  = "Bash(rm *)"
	ifEtc = "Bash(rm -rf /etc *)"
)

// blockOnFailure is the onFailure field that makes a failing hook deny.
var blockOnFailure = map[string]any{"onFailure": "block"}

// withIf is the policy with the if rule added.
func withIf(p policy, rule string) policy {
	p.ifRule = rule
	return p
}

// with is the policy with the Claude hook fields added.
func with(p policy, fields map[string]any) policy {
	p.fields = fields
	return p
}

// httpPolicy is a PreToolUse http hook on Bash the policy server answers
// with a.
func httpPolicy(name string, a httpAnswer) policy {
	return policy{event: "PreToolUse", matcher: "Bash", name: name, http: &a}
}

// hasHTTP says whether the scenario has an http policy (its facts then say
// which requests the policy server got).
func hasHTTP(sc scenario) bool {
	for _, p := range sc.policies {
		if p.http != nil {
			return true
		}
	}
	return false
}

// The answers of the http policies that decide.
const (
	denyJSON  = `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"E2E-REASON-httpdeny"}}`
	allowJSON = `{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"E2E-REASON-httpallow"}}`
)

func fieldScenarios() []scenario {
	guard := pre("guard", `echo "E2E-REASON-guard no rm" >&2; exit 2`)
	return []scenario{
		// if (issue 17 §1).
		{name: "if Bash(rm *) on a compound command", tool: map[string]any{"command": "echo start && rm -rf victim/", "description": "rm"},
			policies: []policy{withIf(guard, ifRm)}},
		{name: "if Bash(rm *) on a command without rm", tool: map[string]any{"command": "ls victim/ > " + madeFile, "description": "ls"},
			policies: []policy{withIf(guard, ifRm)}},
		{name: "if Bash(rm *) on an unparseable command", tool: map[string]any{"command": `rm -rf victim/ && echo "unterminated`, "description": "rm"},
			policies: []policy{withIf(guard, ifRm)}},
		{name: "if Bash(rm *) on an unparseable command without rm", tool: map[string]any{"command": `ls victim/ > ` + madeFile + ` && echo "unterminated`, "description": "ls"},
			policies: []policy{withIf(guard, ifRm)}},
		{name: "if Bash(rm *) inside backticks", tool: map[string]any{"command": "echo `rm -rf victim/`", "description": "rm"},
			policies: []policy{withIf(guard, ifRm)}},
		{name: "if Bash(rm *) after a pipe", tool: map[string]any{"command": "echo y | rm -rf victim/", "description": "rm"},
			policies: []policy{withIf(guard, ifRm)}},
		{name: "if Bash(rm -rf /etc *) on rm with a quoted variable", tool: map[string]any{"command": `rm -rf "$PWD/victim/"`, "description": "rm"},
			policies: []policy{withIf(guard, ifEtc)}},
		{name: "if Bash(rm -rf /etc *) on rm with a variable", tool: map[string]any{"command": `rm -rf $PWD/victim/`, "description": "rm"},
			policies: []policy{withIf(guard, ifEtc)}},
		{name: "if Bash(rm -rf /etc *) on rm with a command substitution", tool: map[string]any{"command": `rm -rf $(echo victim)/`, "description": "rm"},
			policies: []policy{withIf(guard, ifEtc)}},
		{name: "if Bash(rm -rf /etc *) on rm without a variable", tool: rmVictim,
			policies: []policy{withIf(guard, ifEtc)}},
		{name: "if Bash(rm *) on PostToolUse of a command without rm", tool: map[string]any{"command": "ls victim/ > " + madeFile, "description": "ls"},
			policies: []policy{withIf(policy{event: "PostToolUse", matcher: "Bash", name: "postif", script: readInput + `printf '%s' '{"decision":"block","reason":"E2E-REASON-postif"}'`}, ifRm)}},
		{name: "if on UserPromptSubmit, an event without a tool", tool: rmVictim, policies: []policy{
			withIf(on("UserPromptSubmit", "ifprompt", `printf '%s' '{"decision":"block","reason":"E2E-REASON-ifprompt"}'`), ifRm)}},

		// onFailure (issue 17 §1), on each kind of failure and each event.
		{name: "onFailure block, exit 1", tool: rmVictim, policies: []policy{
			with(pre("fail", `echo "E2E-ERR-fail1 policy broke" >&2; exit 1`), blockOnFailure)}},
		{name: "onFailure block, timeout", tool: rmVictim, timed: true, policies: []policy{
			with(policy{event: "PreToolUse", matcher: "Bash", name: "slow", timeout: 2, script: stamp + readInput + "sleep 30"}, blockOnFailure)}},
		{name: "onFailure block, policy cannot start", tool: rmVictim, policies: []policy{
			with(pre("absent", `exec "$CLAUDE_PROJECT_DIR/.claude/policies/not-there.sh"`), blockOnFailure)}},
		{name: "onFailure block, JSON allow with exit 1", tool: rmVictim, policies: []policy{
			with(pre("allow1", `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"E2E-REASON-allow1"}}'; exit 1`), blockOnFailure)}},
		{name: "onFailure block, broken JSON on exit 0", tool: rmVictim, policies: []policy{
			with(pre("broken", `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"'`), blockOnFailure)}},
		{name: "PreToolUse broken JSON on exit 0", tool: rmVictim, policies: []policy{
			pre("broken0", `printf '%s' '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"'`)}},
		{name: "onFailure block on PostToolUse, exit 1", tool: rmVictim, policies: []policy{
			with(policy{event: "PostToolUse", matcher: "Bash", name: "postfail", script: readInput + `echo "E2E-ERR-postfail" >&2; exit 1`}, blockOnFailure)}},
		{name: "onFailure block on UserPromptSubmit, exit 1", tool: rmVictim, policies: []policy{
			with(on("UserPromptSubmit", "promptfail", `echo "E2E-ERR-promptfail" >&2; exit 1`), blockOnFailure)}},
		{name: "onFailure block on Stop, exit 1", tool: rmVictim, policies: []policy{
			with(on("Stop", "stopfail", once(`echo "E2E-ERR-stopfail" >&2; exit 1`)), blockOnFailure)}},
		{name: "onFailure block on PostToolBatch, exit 1", tool: rmVictim, policies: []policy{
			with(on("PostToolBatch", "batchfail", `echo "E2E-ERR-batchfail" >&2; exit 1`), blockOnFailure)}},
		{name: "onFailure block on an async hook, exit 1", tool: rmVictim, policies: []policy{
			with(pre("asyncfail", `echo "E2E-ERR-asyncfail" >&2; exit 1`), map[string]any{"onFailure": "block", "async": true})}},
		{name: "onFailure block on SessionStart, exit 1", tool: rmVictim, policies: []policy{
			with(on("SessionStart", "startfail", `echo "E2E-ERR-startfail" >&2; exit 1`), blockOnFailure)}},

		// http (issue 17 §1).
		{name: "http deny", tool: rmVictim, policies: []policy{httpPolicy("httpdeny", httpAnswer{body: denyJSON})}},
		{name: "http allow", tool: rmVictim, policies: []policy{httpPolicy("httpallow", httpAnswer{body: allowJSON})}},
		{name: "http status 403 alone", tool: rmVictim, policies: []policy{httpPolicy("http403", httpAnswer{status: 403})}},
		{name: "http status 500 with onFailure block", tool: rmVictim, policies: []policy{
			with(httpPolicy("http500", httpAnswer{status: 500, body: `{"error":"E2E-ERR-http500"}`}), blockOnFailure)}},
		{name: "http 200 with a body that is not JSON", tool: rmVictim, policies: []policy{
			httpPolicy("httptext", httpAnswer{body: "E2E-REASON-httptext deny"})}},
		{name: "http timeout with onFailure block", tool: rmVictim, policies: []policy{
			with(policy{event: "PreToolUse", matcher: "Bash", name: "httpslow", timeout: 2, http: &httpAnswer{body: denyJSON, delay: 10 * time.Second}}, blockOnFailure)}},
		{name: "http redirect to a deny on the same server", tool: rmVictim, policies: []policy{
			httpPolicy("httpredirect", httpAnswer{redirect: &httpAnswer{body: denyJSON}})}},
		{name: "http on SessionStart", tool: rmVictim, policies: []policy{
			{event: "SessionStart", name: "httpstart", http: &httpAnswer{body: `{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"E2E-CONTEXT-httpstart"}}`}}}},

		// An event hookexec did not know (issue 17 §1).
		{name: "PostToolBatch exit 0, no answer", tool: rmVictim, policies: []policy{
			on("PostToolBatch", "batchquiet", `exit 0`)}},
		{name: "PostToolBatch exit 1", tool: rmVictim, policies: []policy{
			on("PostToolBatch", "batch1", `echo "E2E-ERR-batch1" >&2; exit 1`)}},
		{name: "PostToolBatch JSON block", tool: rmVictim, policies: []policy{
			on("PostToolBatch", "batchjson", `printf '%s' '{"decision":"block","reason":"E2E-REASON-batchjson"}'`)}},
	}
}
