//go:build e2e && unix

package qwen

import "github.com/hookexec/hookexec/e2e/fakeopenai"

// scenario is one qwen -p run: the policies, and what the model does.
type scenario struct {
	name     string
	prompt   string              // "" for the default
	tool     fakeopenai.ToolCall // the scripted call; zero for the shell tool running toolCommand
	policies []policy
	noYolo   bool // run without --yolo
	// expect are facts of the run with Qwen's own hooks that the suite
	// asserts: what Qwen Code does that hookexec's users must know.
	expect map[string]string
}

func one(name, event, matcher, script string) scenario {
	return scenario{name: name, policies: []policy{{event: event, matcher: matcher, name: "policy", script: script}}}
}

const (
	denyJSON  = `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"R-DENY no notes here"}}'`
	allowJSON = `echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","permissionDecisionReason":"R-ALLOW fine"}}'`
)

// scenarios are the list (exit 2 deny, JSON deny in Qwen's shape,
// allow, a timing-out policy, post-tool context, prompt block,
// session-start context, stop block) and what Qwen Code does differently
// from Claude Code.
func scenarios() []scenario {
	return []scenario{
		one("PreToolUse exit 2 deny", "PreToolUse", "run_shell_command", `echo "R-EXIT2 no notes here" >&2; exit 2`),
		{
			// What a hook gets from Qwen Code besides its input.
			name:     "PreToolUse JSON deny",
			policies: []policy{{event: "PreToolUse", matcher: "run_shell_command", name: "policy", script: denyJSON}},
			expect: map[string]string{"tool ran": "no", "model saw": "R-DENY",
				"policy env": "QWEN_PROJECT_DIR=cwd, CLAUDE_PROJECT_DIR=cwd, GEMINI_PROJECT_DIR=cwd, QWEN_CODE_SESSION_ID_set, QWEN_CODE_CLI_set"},
		},
		one("PreToolUse JSON allow", "PreToolUse", "run_shell_command", allowJSON),
		one("PreToolUse JSON deny with exit 1", "PreToolUse", "", denyJSON+"; exit 1"),
		one("PreToolUse exit 2 with JSON on stdout", "PreToolUse", "", `echo '{"decision":"allow","reason":"R-STDOUT"}'; echo "R-STDERR refused" >&2; exit 2`),
		one("PreToolUse exit 2 with no output", "PreToolUse", "", `exit 2`),
		one("PreToolUse exit 1 failure", "PreToolUse", "", `echo "R-FAIL could not check" >&2; exit 1`),
		{
			name:     "PreToolUse policy times out",
			policies: []policy{{event: "PreToolUse", name: "slow", script: "sleep 20\n" + denyJSON, timeout: 2}},
		},
		{
			// 1000 or more is read as milliseconds.
			name:     "PreToolUse policy times out, timeout 3000",
			policies: []policy{{event: "PreToolUse", name: "slow", script: "sleep 20\n" + denyJSON, timeout: 3000}},
		},
		{
			name: "PreToolUse deny next to a policy that times out",
			policies: []policy{
				{event: "PreToolUse", name: "slow", script: "sleep 20", timeout: 2},
				{event: "PreToolUse", name: "deny", script: denyJSON},
			},
		},
		one("PreToolUse matcher Bash (a Claude name Qwen accepts)", "PreToolUse", "Bash", denyJSON),
		one("PreToolUse regex matcher", "PreToolUse", "^run_.*_command$", denyJSON),
		one("PostToolUse context", "PostToolUse", "", `echo '{"hookSpecificOutput":{"hookEventName":"PostToolUse","additionalContext":"C-POST"}}'`),
		one("PostToolUse block", "PostToolUse", "", `echo '{"decision":"block","reason":"R-POST"}'`),
		{
			// Qwen Code ends with exit 0 and an empty result, and shows the
			// reason nowhere.
			name:     "UserPromptSubmit block",
			policies: []policy{{event: "UserPromptSubmit", name: "policy", script: `echo '{"decision":"block","reason":"R-PROMPT"}'`}},
			expect:   map[string]string{"exit": "0", "result": `success, is_error=false, ""`, "markers shown": "none", "model calls": "0"},
		},
		one("UserPromptSubmit exit 2", "UserPromptSubmit", "", `echo "R-PROMPT2 not now" >&2; exit 2`),
		one("UserPromptSubmit context", "UserPromptSubmit", "", `echo '{"hookSpecificOutput":{"hookEventName":"UserPromptSubmit","additionalContext":"C-PROMPT"}}'`),
		one("UserPromptSubmit plain text on exit 0", "UserPromptSubmit", "", `echo "C-PLAIN"`),
		one("SessionStart context", "SessionStart", "", `echo '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"C-START"}}'`),
		one("Stop block once", "Stop", "", `grep -q '"stop_hook_active":true' && exit 0; echo '{"decision":"block","reason":"R-STOP run the tests"}'`),
		{
			// The shell tool is refused before any PreToolUse hook runs.
			name:     "headless without --yolo",
			noYolo:   true,
			expect:   map[string]string{"policies ran": "none", "tool ran": "no"},
			policies: []policy{{event: "PreToolUse", name: "guard", script: allowJSON}},
		},
	}
}
