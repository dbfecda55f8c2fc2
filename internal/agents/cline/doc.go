// Package cline is everything hookexec knows of Cline's hooks (the cline
// CLI and the VS Code extension): one file per event, named after the
// event (PreToolUse, PostToolUse, UserPromptSubmit, TaskStart,
// TaskResume, TaskCancel, TaskComplete, TaskError, PreCompact,
// SessionShutdown), in the project's .clinerules/hooks/ or the user's
// ~/Documents/Cline/Hooks/; the payload it sends; and the answer it reads
// (--format cline): {cancel, contextModification, errorMessage}.
//
// Proven by make e2e (e2e/cline: the cline CLI 3.0.65 from npm, headless
// with --json against a fake chat-completions model, each scenario with the
// policy as Cline's own hook and through hookexec), by the capture in
// testdata/shell.json, and read in its source (@cline/core 0.0.86, the
// published dist): the PreToolUse payload ({hookName: "tool_call", tool_call: {id,
// name, input}, preToolUse: {toolName, parameters}} with every parameter a
// string, plus clineVersion, timestamp, taskId, workspaceRoots,
// workspaceInfo, userId, agent_id), the tools (run_commands {commands},
// read_files, editor, apply_patch, search_codebase, fetch_web_content,
// ...), hooks run in the workspace root, no setting needed to enable them;
// cancel: true stops the tool and ends the whole run, its errorMessage
// shown neither to the model nor to the user ("aborted by another
// client"); contextModification reaches the model as a <hook_context>
// user message; overrideInput replaces the tool's input; a hook that exits
// 2, exits 1, prints text that is not JSON or prints nothing lets the tool
// run. The source adds: the directories .clinerules/hooks, .cline/hooks,
// ~/Documents/Cline/Hooks and ~/.cline/hooks; file names matched
// case-insensitively with an optional .sh, .py, .js, ... extension, run by
// their #! line (else bash); stdout read as one JSON object, or the last
// line that starts with HOOK_CONTROL and a tab; only PreToolUse and
// PostToolUse waited for (120 s, a hook that times out is skipped), the
// other events fired and forgotten, PreCompact never run.
//
// From the documentation only (the VS Code extension, which does not run
// here): https://docs.cline.bot/features/hooks/hook-reference and
// cline/cline docs/features/hooks/hook-reference.mdx and
// docs/customization/hooks.mdx: UserPromptSubmit and TaskStart answers
// read, a failing hook blocks, the 30-second limit, macOS and Linux only.
package cline
