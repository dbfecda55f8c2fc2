// Package antigravity is what hookexec knows of Google Antigravity CLI
// (agy): its hook file (~/.gemini/config/hooks.json, named definitions), its
// one known event (PreToolUse), its tool names (run_command, view_file,
// write_to_file, ...), its payload ({toolCall: {name, args}, ...}) read
// into the normalized view, and its own answer (--format antigravity:
// {decision: "deny", reason}).
//
// Proven by make e2e: nothing (agy is not in the npm registry's list
// here). From another tool's integration only, as Antigravity's hooks are
// not documented where this was written: cc-safety-net's
// src/integrations/antigravity-cli/{install,hook,detect}.ts and
// tests/integrations/antigravity-cli/hook.test.ts
// (github.com/kenryu42/cc-safety-net at ac31f4e, 2026-08-22):
//
//   - file: ~/.gemini/config/hooks.json, user scope only; its top level
//     holds named definitions, each {"enabled": bool, "PreToolUse":
//     [{"hooks": [{"type": "command", "command", "timeout"}]}]}; a
//     definition with "enabled": false does not run;
//   - "timeout" in seconds (30 in the example); no matcher is used;
//   - payload: {toolCall: {name, args}, stepIdx, conversationId,
//     workspacePaths, transcriptPath, artifactDirectoryPath}; the shell
//     tool run_command has args CommandLine and Cwd; file tools name their
//     file in AbsolutePath, TargetFile, DirectoryPath, SearchPath or
//     SearchDirectory (write_to_file's text is CodeContent);
//   - answer: {"decision": "deny", "reason"} on stdout denies; nothing on
//     stdout lets the tool run.
//
// Its other events, its exit-status rules and what it does on a timeout
// are not known; hookexec answers on exit 0, as cc-safety-net does.
package antigravity
