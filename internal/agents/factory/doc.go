// Package factory is what hookexec knows of Factory Droid (the droid CLI):
// its hook settings (.factory/settings.json's "hooks" in the project and
// the home directory, besides its hooks.json), its event names (Claude Code's), its tool names (Execute,
// Create, Edit, ApplyPatch, ...), how it reads a hook entry and a hook's
// answer (Claude Code's format: --format factory), and what install and
// doctor do for it.
//
// Proven by make e2e: nothing. Proven by a manual run here: droid 0.225.2
// (@factory/cli-linux-x64 from npm), droid exec --skip-permissions-unsafe
// against a fake chat-completions model on 127.0.0.1 (a custom model,
// provider generic-chat-completion-api, in ~/.factory/settings.json's
// customModels; no sign-in), scripting one Execute call:
//
//   - hooks.json holds the event keys at the top level ({"PreToolUse":
//     [...]}); a "hooks" object there is ignored ("Ignoring unknown hook
//     event keys" in its log), so install writes settings.json's "hooks"
//     (Claude Code's shape), which droid runs too, beside a hooks.json,
//     in the project and in the home directory;
//   - the PreToolUse stdin of testdata/shell.json; FACTORY_PROJECT_DIR,
//     DROID_PROJECT_DIR and CLAUDE_PROJECT_DIR set to the project, the
//     hook's working directory;
//   - exit 2 blocks the tool, the model getting "Error: " and stderr;
//   - a settings.json that starts with a // comment is read;
//   - through hookexec fire --format factory, as install writes it: the
//     deny, a fail-closed policy that times out, SessionStart's context
//     (it reaches the model), a Stop block (the reason comes back as a
//     user message and the agent goes on); droid exec fires no
//     UserPromptSubmit for its prompt, for its own hooks as for hookexec.
//
// From its documentation (https://docs.factory.ai/harness/hooks,
// https://docs.factory.ai/reference/hooks-reference): the files
// (~/.factory/hooks.json, .factory/hooks.json, settings.json's "hooks",
// the legacy .factory/hooks/hooks.json); the matcher (an exact name, a
// regular expression, "*" or ""); "timeout" in seconds; the events
// (PreToolUse, PostToolUse, UserPromptSubmit, Notification, Stop,
// SubagentStop, PreCompact, SessionStart, SessionEnd); the tools
// (Execute, Read, LS, Grep, Glob, Create, Edit, ApplyPatch, FetchUrl,
// WebSearch, Task, TodoWrite, AskUser: the superpowers-droid package's
// droid tool map, skills/using-superpowers/references/droid-tools.md).
//
// Read in the droid binary (its hook runner): only those nine events; a
// hook's timeout defaults to 60 seconds and a timed-out hook counts as exit
// 1 (a non-blocking error: droid fails open there); matching hooks run in
// parallel; stdout that starts with "{" is read as JSON whatever the exit
// status (continue, stopReason, suppressOutput, systemMessage, decision,
// reason, and hookSpecificOutput's permissionDecision,
// permissionDecisionReason, additionalContext, updatedInput).
//
// Droid fails open on a timeout; hookexec does not: a policy that fails
// closed still denies in hookexec's answer.
package factory
