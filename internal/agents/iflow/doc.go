// Package iflow is what hookexec knows of iFlow CLI: its settings
// (.iflow/settings.json in the project and the home directory), its event
// names (Claude Code's, and SetUpEnvironment), its tool names (those of
// Gemini CLI, which it is a fork of), how it reads a hook entry and a
// hook's answer (Claude Code's format: --format iflow), and what install
// and doctor do for it.
//
// Proven by make e2e: nothing (@iflow-ai/iflow-cli is not in the npm
// registry's list here). From its documentation only
// (https://platform.iflow.cn/en/cli/examples/hooks; agent-config's
// docs/agents/iflow.md in github.com/whit3rabbit/agent-config):
//
//   - files: ~/.iflow/settings.json and .iflow/settings.json, merged;
//   - shape: Claude Code's nested definitions; matchers are tool names,
//     "|"-lists, regular expressions or "*";
//   - events (9): PreToolUse, PostToolUse, SetUpEnvironment, Stop,
//     SubagentStop, SessionStart, SessionEnd, UserPromptSubmit,
//     Notification. SetUpEnvironment runs when a session starts, while its
//     environment information is set up: hookexec reads it as
//     SessionStart;
//   - hooks also get IFLOW_TOOL_NAME and IFLOW_TOOL_ARGS.
//
// Not documented, and assumed from the Claude Code shape it copies: the
// timeout unit (seconds) and default (60 s), the answer fields, and that a
// hook's tool_name is the tool's own name (run_shell_command, as in Gemini
// CLI) while its examples also match Claude-style names (Edit, Bash).
package iflow
