// Package cortex is what hookexec knows of Snowflake Cortex Code (the
// cortex CLI): its settings (~/.snowflake/cortex/settings.json for the
// user; .cortex/settings.json in the project), its event names (Claude
// Code's), how it reads a hook entry and a hook's answer (Claude Code's
// format: --format cortex), and what install and doctor do for it.
//
// Proven by make e2e: nothing (Cortex Code is not in the npm registry's
// list here). From its documentation only:
//
//   - files: ~/.snowflake/cortex/settings.json (user) and
//     ~/.snowflake/cortex/hooks.json (global hooks); project settings
//     .cortex/settings.json, or .claude/settings.json, in the working
//     directory (https://docs.snowflake.com/en/user-guide/cortex-code/settings);
//     the desktop app stores workspace hooks in
//     <workspace>/.snowflake/cortex/settings.json
//     (https://docs.snowflake.com/en/LIMITEDACCESS/cortex-code-desktop/hooks);
//   - since it reads a project's .claude/settings.json, it also runs Claude
//     Code's project hooks (AlsoRuns);
//   - events: PreToolUse, PostToolUse, PermissionRequest, SessionStart,
//     UserPromptSubmit, Stop, Notification, PreCompact, SessionEnd,
//     SubagentStop, Setup; a matcher is a regular expression ("*" for
//     all); "timeout" in seconds, 60 by default (the desktop hooks page);
//   - tools: its SDK's hook example matches "Bash"; its permissions
//     example names read_file and execute_sql
//     (https://docs.snowflake.com/en/user-guide/cortex-code-agent-sdk/hooks
//     and the settings page). Its other tool names are not documented.
//
// Its hook input and answers are documented as Claude Code's; the
// variables it sets for a hook are not documented.
package cortex
