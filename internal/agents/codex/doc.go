// Package codex is what hookexec knows of OpenAI Codex CLI (0.169.0): its
// hook files (.codex/hooks.json in a trusted project and in $CODEX_HOME),
// its event and tool names, how it reads a hook's exit status and answer,
// the answer hookexec gives it (--format codex), and the hash by which
// Codex trusts a hook (install writes it, doctor checks it).
//
// Proven by make e2e (e2e/codex, codex exec against a fake Responses API):
// the stdin payload (tool_name Bash with tool_input.command, cwd,
// hook_event_name), exit 2 with stderr blocking a tool with stderr as what
// the model reads, a permissionDecision deny in JSON, a PostToolUse
// additionalContext and a SessionStart additionalContext reaching the
// model, a UserPromptSubmit block, a Stop block, a hook that times out
// letting the tool run, JSON read only on exit 0 (a deny printed before
// exit 1 is lost), exit 2 with empty stderr letting the tool run, no
// CLAUDE_PROJECT_DIR, a hook skipped in silence unless trusted by hash,
// the hash itself (codex app-server's hooks/list reports it as
// currentHash), and the events 0.169.0 lists (SessionStart, SubagentStart,
// PreToolUse, PermissionRequest, PostToolUse, PreCompact, PostCompact,
// SessionEnd, UserPromptSubmit, SubagentStop, Stop, Interrupt; StopFailure
// is not among them).
//
// From its source only (github.com/openai/codex, codex-rs/hooks): the
// answer rules of engine/output_parser.rs (a PreToolUse answer holding
// continue, stopReason or suppressOutput is rejected whole;
// permissionDecision allow only with updatedInput; ask is unsupported; a
// deny or block needs a non-empty reason), the matcher rules of
// events/common.rs (exact names when the matcher holds only letters,
// digits, '_' and '|', else a Rust regular expression), the matcher
// aliases of apply_patch (Write, Edit) and spawn_agent (Agent)
// (tools/hook_names.rs), hooks run as "$SHELL -lc COMMAND" in the
// session's cwd (engine/command_runner.rs), and the trust hash of
// engine/discovery.rs (command_hook_hash, config/src/fingerprint.rs).
package codex
