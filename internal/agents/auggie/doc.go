// Package auggie is what hookexec knows of Augment's Auggie CLI: its
// settings (.augment/settings.json in the project and the home directory),
// its event names, its tool names (launch-process, view,
// str-replace-editor, save-file, ...), how it reads a hook entry, its own
// answer (--format auggie), and what install and doctor do for it.
//
// Proven by make e2e: nothing (Auggie has no documented way to talk to a
// local model). Read in its published code, @augmentcode/auggie 0.36.0
// from npm (augment.mjs, its hook executor):
//
//   - files (its HookConfigLoader): the system settings.json,
//     ~/.augment/settings.json (or Augment's cache directory's, when set),
//     <workspace>/.augment/settings.local.json and
//     <workspace>/.augment/settings.json, and plugins' hook configs (whose
//     hooks get CLAUDE_PLUGIN_ROOT, AUGMENT_PLUGIN_ROOT and
//     AUGGIE_PLUGIN_ROOT);
//   - events: PreToolUse, PostToolUse, Stop, SessionStart, SessionEnd,
//     Notification, PromptSubmit (Auggie also reads Cursor-style camelCase
//     hook files, which hookexec does not install);
//   - payload: {hook_event_name, conversation_id, workspace_roots,
//     tool_name, tool_input, tool_output, tool_error, is_mcp_tool}; the
//     variables AUGMENT_PROJECT_DIR (the first workspace root),
//     AUGMENT_CONVERSATION_ID, AUGMENT_HOOK_EVENT, AUGMENT_TOOL_NAME; a
//     hook runs in the input's cwd, else the first workspace root;
//   - a command with a shell character (|&;><$`) runs with bash -c, any
//     other is split into words and run without a shell ("args" is read
//     too); "timeout" is in milliseconds, 60000 by default;
//   - answers: JSON with continue, stopReason, suppressOutput,
//     systemMessage, a top-level additionalContext, and a
//     hookSpecificOutput only for PreToolUse (permissionDecision allow,
//     deny or ask; permissionDecisionReason; updatedInput), PostToolUse and
//     Stop (decision "block", reason; PostToolUse's additionalContext),
//     SessionStart (additionalContext), SessionEnd and Notification; an
//     answer that does not validate is dropped whole; exit 2 blocks
//     PreToolUse (its JSON read too, stderr to the agent).
//
// From its documentation (https://docs.augmentcode.com/cli/hooks.md,
// https://docs.augmentcode.com/cli/hooks-examples): the files, highest
// precedence first, /etc/augment/settings.json (system, immutable),
// .augment/settings.local.json, .augment/settings.json,
// ~/.augment/settings.json; Claude Code's nested definitions; the matcher
// is a case-sensitive regular expression (".*" by default, "mcp:*" for
// every MCP tool, whose names end in _SERVER); the tool names. Its 0.x
// page says a hook's command must be a .sh file; 0.36.0 does not enforce
// it.
package auggie
