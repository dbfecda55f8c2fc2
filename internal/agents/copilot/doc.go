// Package copilot is what hookexec knows of GitHub Copilot CLI (1.0.102):
// its hook files (a repository's .github/hooks/*.json, loaded in copilot
// -p only for a trusted folder, and $COPILOT_HOME/hooks/*.json, by default
// ~/.copilot/hooks), their flat shape (version 1; entries with type, bash,
// powershell, timeoutSec, matcher), its two event dialects (its own
// camelCase names with camelCase payloads, and Claude Code's PascalCase
// names with Claude-shaped payloads), its tools by family, how it reads a
// hook's status and answer (copilot.Reads), and its answer format
// (--format copilot).
//
// Proven by make e2e (e2e/copilot) and by runs of the real Copilot CLI
// 1.0.102 against a fake chat-completions server on 127.0.0.1 (copilot -p
// with COPILOT_OFFLINE, a custom provider, --allow-all-tools):
//
//   - the payloads of both dialects (testdata/shell.json), the tool names
//     of both (bash/Bash, view/Read, create/Write, edit/Edit, grep/Grep,
//     glob/Glob), COPILOT_PROJECT_DIR, CLAUDE_PROJECT_DIR, COPILOT_CLI and
//     COPILOT_HOOK_DIR in a hook's environment, the project directory as
//     its working directory;
//   - the answer: a top-level permissionDecision (deny, allow, ask, which
//     -p turns into a deny) and its reason, and modifiedArgs, in both
//     dialects; hookSpecificOutput.permissionDecision and updatedInput
//     only under PascalCase names; a top-level additionalContext on
//     sessionStart, userPromptSubmitted and postToolUse, never
//     hookSpecificOutput.additionalContext; behavior/message on
//     permissionRequest (Claude's decision object is ignored);
//     decision "block" on postToolUse, userPromptSubmitted (copilot -p
//     exits 1) and agentStop/Stop (the reason is the next prompt);
//     systemMessage and continue are ignored;
//   - the statuses: on preToolUse exit 2 denies with "hook exited with
//     code 2" and any other non-zero status denies as "hook errored", the
//     JSON then ignored; on permissionRequest any non-zero status denies;
//     elsewhere exit 2 shows stderr to the user as a warning and the JSON
//     is read all the same (hookexec's warning channel, Answer.Warning),
//     and another status is skipped in silence; a hook that times out is
//     skipped, so the tool runs (hookexec under --format copilot denies
//     instead, on purpose); the first deny ends the event's hooks;
//   - the matcher is a regular expression anchored at both ends, tested
//     against the camelCase tool name, and under the PascalCase events
//     against both names (bash and Bash, view and Read); a file with a
//     comment is invalid; a .claude/settings.json whose matcher is "" is
//     refused whole;
//   - user hooks load in copilot -p; a repository's .github/hooks and its
//     .claude/settings.json load only in a trusted folder: --trust-folder,
//     or the folder (or a parent) in "trustedFolders" of
//     $COPILOT_HOME/config.json; ~/.claude/settings.json is not read.
//
// From its documentation only (docs.github.com, copilot-cli-reference/
// cli-hooks-reference): postToolUseFailure, subagentStart, subagentStop,
// preCompact, notification and errorOccurred, which copilot -p did not
// fire here; the powershell command and tool; web_fetch; MCP tools' names.
package copilot
