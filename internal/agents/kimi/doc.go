// Package kimi is what hookexec knows of Moonshot's Kimi Code CLI: its
// config (~/.kimi-code/config.toml, [[hooks]] tables), its event names
// (Claude Code's, and its own), its tool names (Bash, ReadFile, WriteFile,
// StrReplaceFile), how it reads a hook entry and a hook's answer (--format
// kimi), and what install and doctor do for it.
//
// Proven by make e2e: nothing (its CLI is not in the npm registry's list
// here). From its documentation only (github.com/MoonshotAI/kimi-code
// docs/en/customization/hooks.md; https://moonshotai.github.io/kimi-code/en/customization/hooks;
// cc-safety-net's src/integrations/kimi-code/{install,hook}.ts in
// github.com/kenryu42/cc-safety-net):
//
//   - file: ~/.kimi-code/config.toml ($KIMI_CODE_HOME/config.toml when
//     set), user scope only; each hook is a [[hooks]] table with exactly
//     event, matcher, command, timeout and fail_mode (any other key makes
//     the whole file fail to load);
//   - matcher: a JavaScript regular expression, none or "" for all, one
//     that does not compile silently never matches; "timeout" in seconds,
//     1 to 600 (a longer one makes Kimi refuse the whole file, so install
//     writes no more: MaxTimeout), 30 by default; hooks run with sh -c in
//     the session's project directory, in parallel, deduplicated by
//     command;
//   - events: UserPromptSubmit, PreToolUse and Stop can block; the others
//     only observe: UserPromptQueued, TurnStarted, PostToolUse,
//     PostToolUseFailure, PermissionRequest, PermissionResult,
//     SessionStart, SessionEnd, SessionHeartbeat, SubagentStart,
//     SubagentStop, TaskStarted, StopFailure, Interrupt, PreCompact,
//     PostCompact, Notification;
//   - payload: snake_case, Claude Code's names (hook_event_name,
//     session_id, cwd, tool_name, tool_input, tool_call_id);
//   - answers: exit 0 allows (stdout may be added to the context), exit 2
//     blocks with stderr as the reason, and a JSON
//     hookSpecificOutput.permissionDecision "deny" blocks too; any other
//     status, a crash or a timeout allows (fail-open) unless the hook sets
//     fail_mode = "closed".
//
// So --format kimi is Claude Code's answer, and any block also exits 2
// with the reason on stderr, the one block documented for every event that
// can block. Kimi fails open on a timeout or a crash by default; hookexec
// does not: a policy that fails closed still denies.
package kimi
