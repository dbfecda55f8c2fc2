// Package tabnine is what hookexec knows of Tabnine CLI, a fork of Gemini
// CLI: its settings (.tabnine/agent/settings.json in the project and the
// home directory), its event and tool names (Gemini CLI's), how it reads a
// hook entry, and the answer it reads, which is Gemini CLI's: Tabnine has
// no format of its own and reads --format gemini, as LLxprt Code does.
//
// Proven by make e2e: nothing (Tabnine CLI is not in the npm registry's
// list here). From its documentation only
// (https://docs.tabnine.com/main/getting-started/tabnine-cli/features/hooks,
// .../hooks/configuration and .../hooks/examples-and-best-practices):
//
//   - files, highest precedence first: .tabnine/agent/settings.json,
//     ~/.tabnine/agent/settings.json, the system settings, extensions;
//   - shape: Gemini CLI's (hooksConfig {enabled, disabled, notifications},
//     definitions with matcher, sequential, hooks [{type, command, name,
//     description, timeout}]); hooksConfig.enabled is true by default, so
//     install needs no switch; "timeout" in milliseconds; commands may use
//     $TABNINE_PROJECT_DIR;
//   - events and tools: Gemini CLI's (BeforeTool, run_shell_command,
//     write_file, replace, ...); the matcher is a regular expression;
//   - answers: exit 0 reads stdout's JSON ({decision: "deny", reason} and
//     Gemini CLI's other fields; stdout that is not JSON allows and becomes
//     a systemMessage), exit 2 blocks with stderr, other statuses warn and
//     proceed; hooks get TABNINE_CLI=1 and TABNINE_TOOL_NAME.
//
// Its reading of a hook's exit status is taken as SPEC §4.6's (as for
// LLxprt Code), not Gemini CLI 0.61's, which was measured.
package tabnine
