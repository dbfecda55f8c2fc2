// Package qwen is what hookexec knows of Qwen Code (0.24.4): its settings
// (.qwen/settings.json of the project, ~/.qwen/settings.json), its event
// names, its tools by family, how it reads a hook entry and a hook's
// answer, and the answer it wants (--format qwen).
//
// Proven by make e2e (e2e/qwen, qwen -p against a fake chat-completions
// model): hooks in .qwen/settings.json run in Claude Code's nested shape;
// the shell tool is run_shell_command with tool_input.command; a hook gets
// Claude Code's payload (session_id, transcript_path, cwd,
// hook_event_name, timestamp, permission_mode, tool_name, tool_input,
// tool_use_id, tool_call_id; PostToolUse adds tool_response, Stop
// stop_hook_active and last_assistant_message, SessionStart source and
// model) and runs in the event's cwd with QWEN_PROJECT_DIR,
// CLAUDE_PROJECT_DIR and GEMINI_PROJECT_DIR all set to it, and
// QWEN_CODE_SESSION_ID and QWEN_CODE_CLI; a PreToolUse deny (exit 2 or
// hookSpecificOutput.permissionDecision) stops the tool and its reason
// reaches the model as the tool's result; headless, the shell tool is
// refused before any PreToolUse hook runs unless --yolo; a
// UserPromptSubmit block ends qwen -p with exit status 0, an empty result
// and the reason shown nowhere. The e2e table (docs/agents/qwen.md) lists
// each scenario.
//
// From its source only (the published @qwen-code/qwen-code 0.24.4 bundle,
// QwenLM/qwen-code packages/core/src/hooks): the event list (22 names, 19
// of them in hookexec's catalogue); a numeric timeout in seconds, a value
// of 1000 or more read as milliseconds, 60 s by default; exit 2 reads
// stderr only (a JSON object or the reason), any other status reads
// stdout (else stderr) and uses a JSON object there too; plain stdout on
// exit 0 is context on SessionStart, UserPromptSubmit and
// UserPromptExpansion; matchers are JavaScript regular expressions, also
// compared exactly with the tool's aliases (Shell, Bash, WriteFile, ...);
// hooks run with bash -c (shell "powershell": powershell -Command);
// settings comments are stripped; there is no onFailure and no "if".
// From its documentation only (docs/users/features/hooks.md): a
// permissionDecision needs a permissionDecisionReason, and "ask" falls
// back to deny headless.
package qwen
