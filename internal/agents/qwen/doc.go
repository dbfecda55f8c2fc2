// Package qwen is what hookexec knows of Qwen Code (0.24.4): its settings
// (.qwen/settings.json of the project, ~/.qwen/settings.json), its event
// names, its tools by family and their aliases, how it reads a hook entry
// and a hook's answer (matcher.Qwen, qwen.Reads, timeouts in
// seconds but from 1000 on in milliseconds), and the answer it wants
// (--format qwen: Claude Code's JSON, a reason on every decision, always
// exit 0). docs/agents/qwen.md is the page for users.
//
// Proven by make e2e (e2e/qwen: qwen -p --output-format stream-json
// --yolo against a fake chat-completions model, the policies as Qwen
// Code's own hooks and through hookexec): hooks in .qwen/settings.json in
// Claude Code's nested shape; the shell tool run_shell_command with
// tool_input.command; Claude Code's payload (testdata/shell.json is a
// capture); hooks run in the event's cwd with QWEN_PROJECT_DIR,
// CLAUDE_PROJECT_DIR and GEMINI_PROJECT_DIR set to it, and
// QWEN_CODE_SESSION_ID and QWEN_CODE_CLI set; a PreToolUse deny
// (exit 2, permissionDecision, or that JSON before exit 1) stops the tool
// and its reason is the tool's result for the model; exit 2's reason is
// stderr as it is, stdout ignored; a "Bash" matcher guards
// run_shell_command; a timeout of 2 and one of 3000 both stop a 20 s
// policy (seconds, and from 1000 on milliseconds);
// PostToolUse and UserPromptSubmit context reach the model, SessionStart's
// inside the system prompt; a Stop block makes the model answer again; a
// UserPromptSubmit block ends qwen -p with exit 0, an empty result and the
// reason shown nowhere; headless, the shell tool is refused before any
// PreToolUse hook runs unless --yolo.
//
// From its source only (the published @qwen-code/qwen-code 0.24.4 bundle:
// QwenLM/qwen-code packages/core/src/hooks/hookRunner.ts,
// hookAggregator.ts, hook-matcher.ts, hookPlanner.ts, types.ts and
// packages/core/src/tools/tool-names.ts): the 22 event names (19 in
// hookexec's catalogue; SessionDelete, TodoCreated and TodoCompleted run
// as unknown events); the other tools and their aliases; a 60 s default
// timeout; bash -c, or powershell -Command for "shell": "powershell";
// comments in settings stripped; no onFailure and no "if". From its
// documentation only
// (docs/users/features/hooks.md): a permissionDecision needs a
// permissionDecisionReason.
package qwen
