// Package codex is what hookexec knows of OpenAI Codex CLI (0.169.0): its
// hook files (.codex/hooks.json in a trusted project and in $CODEX_HOME),
// its event and tool names, the normalized view of its payload, how it
// reads a hook's exit status and answer, the answer hookexec gives it
// (--format codex), and the hash by which Codex trusts a hook (install
// writes it, doctor checks it). docs/agents/codex.md has the whole list.
//
// Proven by make e2e (e2e/codex: codex exec against a fake Responses API,
// and codex app-server's hooks/list): the stdin payload (tool_name Bash
// with tool_input.command, apply_patch with the patch in
// tool_input.command, cwd, hook_event_name; testdata/shell.json); exit 2
// blocking with stderr as what the model reads, and with empty stderr
// letting the tool run; a permissionDecision deny; JSON read only on exit
// 0; a hook that times out, or whose background child holds stdout,
// letting the tool run; PostToolUse and SessionStart additionalContext
// reaching the model; a UserPromptSubmit block stopping the turn with the
// reason shown nowhere; a Stop block sending its reason to the model;
// Edit|Write matchers selecting apply_patch; no CLAUDE_PROJECT_DIR; a hook
// not trusted by hash skipped without a word; the trust hash itself; the
// events of 0.169.0 (no StopFailure); "timeout" read, "timeoutSec" not;
// SessionEnd and Interrupt timeouts of 1 s by default, 3 s at most.
//
// From its source only (github.com/openai/codex, codex-rs/hooks): the
// answer rules of engine/output_parser.rs (a PreToolUse answer holding
// continue, stopReason or suppressOutput is rejected whole; allow only
// with updatedInput; no ask; a deny or block needs a reason), the matcher
// rules of events/common.rs (exact names when the matcher holds only
// letters, digits, '_' and '|', else a regular expression; an invalid one
// skips the group), spawn_agent's Agent alias, the hooks run as "$SHELL
// -lc COMMAND" in the session's cwd (engine/command_runner.rs), and the
// hash's recipe (engine/discovery.rs: command_hook_hash;
// config/src/fingerprint.rs), which make e2e then checks.
package codex
