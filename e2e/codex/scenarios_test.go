//go:build e2e && unix

package codex

import "github.com/hookexec/hookexec/e2e/fakeopenai"

// The model's tool calls: a shell command (Codex refuses rm -rf with
// approvals off, so rm -r) and a patch; its final answer is finalText.
var (
	shell = fakeopenai.Call("exec_command", map[string]any{"cmd": "rm -r victim"})
	patch = fakeopenai.Call(fakeopenai.PatchTool, map[string]any{"input": "*** Begin Patch\n*** Add File: notes.txt\n+hello\n*** End Patch\n"})
)

const finalText = "MK-DONE"

func pre(name, body string) policy {
	return policy{event: "PreToolUse", matcher: "Bash", name: name, body: body}
}

const (
	jsonDeny  = `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"MK-DENY not here"}}'`
	jsonAllow = `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow"}}'`
)

func scenarios() []scenario {
	tool := []fakeopenai.ToolCall{shell}
	return []scenario{
		{name: "PreToolUse exit 2 deny", policies: []policy{pre("exit2", `echo "MK-EXIT2 not in this repo" >&2; exit 2`)}, script: tool},
		{name: "PreToolUse JSON deny", policies: []policy{pre("deny", jsonDeny)}, script: tool},
		{name: "PreToolUse JSON allow", policies: []policy{pre("allow", jsonAllow)}, script: tool},
		{name: "PreToolUse policy times out", policies: []policy{{event: "PreToolUse", matcher: "Bash", name: "slow", body: "sleep 30\n" + jsonDeny, timeout: 2}}, script: tool},
		{name: "PreToolUse deny beside a policy that times out", policies: []policy{
			{event: "PreToolUse", matcher: "Bash", name: "slow", body: "sleep 30", timeout: 2}, pre("deny", jsonDeny)}, script: tool},
		{name: "PreToolUse deny beside continue false", policies: []policy{
			pre("deny", jsonDeny), pre("halt", `echo '{"continue":false,"stopReason":"MK-HALT"}'`)}, script: tool},
		{name: "PreToolUse exit 2 with empty stderr", policies: []policy{pre("silent", `exit 2`)}, script: tool},
		{name: "PreToolUse deny printed before exit 1", policies: []policy{pre("exit1", jsonDeny+"; exit 1")}, script: tool},
		{name: "PreToolUse Edit|Write matcher on apply_patch", policies: []policy{
			{event: "PreToolUse", matcher: "Edit|Write", name: "noedit", body: jsonDeny}}, script: []fakeopenai.ToolCall{patch}},
		{name: "PreToolUse background child keeps stdout open", policies: []policy{
			{event: "PreToolUse", matcher: "Bash", name: "background", body: "sleep 12 &\n" + jsonDeny, timeout: 3}}, script: tool},
		{name: `PreToolUse "$CLAUDE_PROJECT_DIR"/policy.sh`, policies: []policy{
			{event: "PreToolUse", matcher: "Bash", name: "guard", body: jsonDeny, command: `"$CLAUDE_PROJECT_DIR"/{policy}`}}, script: tool},
		{name: "PostToolUse context", policies: []policy{{event: "PostToolUse", matcher: "Bash", name: "after",
			body: `echo '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"MK-AFTER"}}'`}}, script: tool},
		{name: "UserPromptSubmit block", policies: []policy{{event: "UserPromptSubmit", name: "prompt",
			body: `echo '{"decision":"block","reason":"MK-PROMPT no"}'`}}, script: tool},
		{name: "SessionStart context", policies: []policy{{event: "SessionStart", name: "start",
			body: `echo '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"MK-START"}}'`}}, script: nil},
		{name: "Stop block", policies: []policy{{event: "Stop", name: "stop",
			// Blocks once: the second Stop lets Codex end.
			body: `if [ -e "$HOOKEXEC_E2E_RUN/stopped" ]; then exit 0; fi; touch "$HOOKEXEC_E2E_RUN/stopped"; echo '{"decision":"block","reason":"MK-RETRY run the tests"}'`}},
			script: nil},
	}
}
