// Package cursor is everything hookexec knows of Cursor's agent hooks
// (Cursor 1.7 and later, IDE and CLI): its hooks.json files, its event
// names (the generic preToolUse family and the per-tool
// beforeShellExecution family), its tool names, the payload it sends, and
// the answer it reads (--format cursor).
//
// Proven by make e2e: nothing (Cursor cannot run here: its CLI installs
// by a curl script and talks to Cursor's service only). From its
// documentation or public source only, every fact below:
//
//   - files, events, payloads, output fields, exit statuses, failClosed,
//     matchers, CURSOR_PROJECT_DIR: Cursor's hooks reference,
//     https://cursor.com/docs/agent/hooks and
//     https://cursor.com/docs/reference/hooks;
//   - Claude Code's settings files loaded as third-party hooks, and the
//     merge order of all sources: https://cursor.com/docs/reference/third-party-hooks;
//   - the preToolUse payload with tool_name "Shell" and tool_input.command,
//     and {permission, user_message, agent_message} as the answer of an
//     installed guard with "failClosed": true and "timeout": 30:
//     kenryu42/cc-safety-net, src/integrations/cursor/hook.ts and
//     install.ts;
//   - the install target .cursor/hooks.json with "version": 1:
//     evilmartians/lefthook, internal/command/install_ai.go.
//
// Where the documentation leaves a gap, this package says so at the field.
package cursor
