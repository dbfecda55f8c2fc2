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
// The default timeout is not documented; 60 s is Claude Code's of the time
// the reference was copied from.
package factory
