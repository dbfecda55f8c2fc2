// Package auggie is what hookexec knows of Augment's Auggie CLI: its
// settings (.augment/settings.json in the project and the home directory),
// its event names, its tool names (launch-process, view,
// str-replace-editor, save-file, ...), how it reads a hook entry and a
// hook's answer (--format auggie), and what install and doctor do for it.
//
// Proven by make e2e: nothing (@augmentcode/auggie 0.36.0 installs from npm,
// but has no documented way to talk to a local model). From its
// documentation only (https://docs.augmentcode.com/cli/hooks.md, the 0.x
// page https://docs.augmentcode.com/cli/v0/hooks.md, and
// https://docs.augmentcode.com/cli/hooks-examples):
//
//   - files, highest precedence first: /etc/augment/settings.json (system,
//     immutable), .augment/settings.local.json, .augment/settings.json,
//     ~/.augment/settings.json;
//   - shape: Claude Code's nested definitions; the matcher is a
//     case-sensitive regular expression (".*" by default; "mcp:*" for every
//     MCP tool, whose names end in _SERVER); "timeout" is in milliseconds,
//     60000 by default; the 0.x page says a hook's command must be a .sh
//     file;
//   - events: PreToolUse, PostToolUse, Stop, SessionStart, SessionEnd;
//     1.x adds PromptSubmit and Notification;
//   - answers: only PreToolUse blocks a tool, with exit 2 and the reason on
//     stderr (every example blocks so); Stop can keep the agent working
//     with "decision": "block"; PostToolUse blocks nothing.
//
// So --format auggie is Claude Code's answer, and a blocked PreToolUse
// also exits 2 with the reason on stderr.
package auggie
