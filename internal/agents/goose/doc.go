// Package goose is what hookexec knows of Block's goose, which follows the
// Open Plugins hooks specification: its hook files (a plugin's
// hooks/hooks.json under .agents/plugins/<plugin>/ in the project or the
// home directory), its event names (Claude Code's), its tool names
// (developer__shell, developer__write, ...), its payload (Claude Code's
// tool fields, the prompt in "message") read into the normalized view, and
// its own answer (--format goose: {"decision": "block", "reason"} or
// {"decision": "allow"}).
//
// install writes hookexec's entries into a plugin of its own,
// .agents/plugins/hookexec/hooks/hooks.json, with the plugin's manifest
// plugin.json ({"name": "hookexec"}) beside hooks/: goose does not need it
// (its source lists every directory under .agents/plugins as a plugin,
// github.com/block/goose crates/goose/src/plugins/discovery.rs at
// 21aecaf, list_dir_children, whose tests load a plugin made of
// hooks/hooks.json alone), but hookexec reads a plugin's hooks.json in
// goose's dialect only beside it (PluginManifest). uninstall removes it
// with the plugin, and both refuse a plugin.json hookexec did not write.
//
// Proven by make e2e: nothing (goose is not an npm package). From its
// documentation only (github.com/block/goose
// documentation/docs/guides/context-engineering/hooks.md at 0825b57):
//
//   - files: ~/.agents/plugins/<p>/hooks/hooks.json and
//     <project>/.agents/plugins/<p>/hooks/hooks.json, the plugin directory
//     holding plugin.json; a plugin named in "disabledPlugins" of goose's
//     settings does not run;
//   - shape: Claude Code's nested definitions; "type" may be left out;
//     "timeout" in seconds, 30 by default; "on_failure": "allow" (default)
//     or "block" on PreToolUse; ${PLUGIN_ROOT} in commands and
//     $PLUGIN_ROOT in the environment; commands run with sh -c;
//   - matcher: a regular expression (Rust), unanchored; a bare "*" is
//     invalid and its rule is skipped with a warning;
//   - events: SessionStart, SessionEnd, Stop, UserPromptSubmit,
//     PreToolUse, PostToolUse, PostToolUseFailure, and goose's own
//     PreToolUseResult, BeforeReadFile, AfterFileEdit,
//     BeforeShellExecution, AfterShellExecution (observation only; their
//     matchers test a path or a command, so they are no aliases here);
//     only PreToolUse and Stop can block;
//   - payload: {event, session_id, matcher_context, tool_name, tool_input,
//     working_dir, tool_call_id}, the prompt in "message"; tools
//     developer__shell {command}, developer__write {path, content},
//     developer__edit {path, before, after}, developer__tree,
//     developer__read_image;
//   - answers: exit 2 denies with stderr; {"decision": "block", "reason"}
//     on stdout denies whatever the status; exit 0 with nothing on stdout,
//     or {"decision": "allow"}, allows; anything else is no decision, which
//     lets the tool run unless on_failure is "block".
//
// goose fails open on a timeout or a crash by default; hookexec does not:
// a policy that fails closed still denies.
package goose
