// Package factory is what hookexec knows of Factory Droid (the droid CLI):
// its hook files (.factory/hooks.json in the project and the home
// directory), its event names (Claude Code's), its tool names (Execute,
// Create, Edit, ApplyPatch, ...), how it reads a hook entry and a hook's
// answer (Claude Code's format: --format factory), and what install and
// doctor do for it.
//
// Proven by make e2e: nothing yet (droid needs a Factory account; it is
// not driven headless here). From its documentation only:
//
//   - files: ~/.factory/hooks.json and .factory/hooks.json; when hooks.json
//     is absent Droid reads the "hooks" key of the matching settings.json;
//     the legacy .factory/hooks/hooks.json still loads
//     (https://docs.factory.ai/harness/hooks);
//   - shape, matcher and timeout: Claude Code's nested definitions, a
//     case-sensitive matcher (an exact name, a regular expression, or
//     "*"/""), "timeout" in seconds, $FACTORY_PROJECT_DIR in commands;
//     hooks run in Droid's working directory
//     (https://docs.factory.ai/reference/hooks-reference);
//   - events: PreToolUse, PostToolUse, UserPromptSubmit, Notification,
//     Stop, SubagentStop, PreCompact, SessionStart, SessionEnd; exit 2
//     blocks with stderr, JSON answers as Claude Code's
//     (hookSpecificOutput.permissionDecision) (same reference;
//     github.com/CorridorSecurity/hookshot docs/reference-droid.md);
//   - tools: Execute, Read, LS, Grep, Glob, Create, Edit, ApplyPatch,
//     FetchUrl, WebSearch, Task, TodoWrite, AskUser (the droid tool map of
//     the superpowers-droid package, skills/using-superpowers/references/
//     droid-tools.md; "Create matches only the Create tool" in the
//     reference).
//
// Read in its published binary, @factory/cli-linux-x64 0.225.2 from npm
// (the hook runner's strings): the nine events above, and no others; a
// hook's "timeout" defaults to 60 seconds and a timed-out hook counts as
// exit 1 (a non-blocking error: Droid fails open there); matching hooks run
// in parallel; stdout that starts with "{" is read as JSON whatever the
// exit status (continue, stopReason, suppressOutput, systemMessage,
// decision, reason, and hookSpecificOutput's permissionDecision,
// permissionDecisionReason, additionalContext, updatedInput); hooks get
// FACTORY_PROJECT_DIR, DROID_PROJECT_DIR and CLAUDE_PROJECT_DIR (a
// plugin's also DROID_PLUGIN_ROOT and CLAUDE_PLUGIN_ROOT); flat entries
// ({type, command} directly under an event) are read as one definition.
//
// Droid fails open on a timeout; hookexec does not: a policy that fails
// closed still denies in hookexec's answer.
package factory
