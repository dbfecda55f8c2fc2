// Package cline is everything hookexec knows of Cline's hooks (the VS Code
// extension and the cline CLI): one executable file per event, named after
// the event (PreToolUse, PostToolUse, UserPromptSubmit, TaskStart,
// TaskResume, TaskCancel, TaskComplete, PreCompact), in the project's
// .clinerules/hooks/ or the user's ~/Documents/Cline/Hooks/; the payload
// it sends ({clineVersion, hookName, timestamp, taskId, workspaceRoots,
// userId, preToolUse: {toolName, parameters}, ...}); and the answer it
// reads (--format cline): {cancel, contextModification, errorMessage}, the
// last JSON object on stdout.
//
// Sources, documentation only (no run of hookexec's e2e suite; the cline
// CLI needs a provider account): https://docs.cline.bot/features/hooks/hook-reference
// and cline/cline docs/features/hooks/hook-reference.mdx (events, stdin,
// output, "a non-zero status, invalid JSON or a timeout blocks; no JSON
// proceeds", the discovery order), cline/cline docs/customization/hooks.mdx
// (the two directories, hooks_enabled in the CLI, macOS and Linux only),
// and Cline's hooks documentation for the 30-second limit. The reference
// names the user directory ~/Documents/Cline/Rules/Hooks/ in one place and
// ~/Documents/Cline/Hooks/ in another; install uses the latter, which the
// hooks page and the Hooks tab show.
package cline
