// Package crush is what hookexec knows of Charm Crush: its config files
// (crush.json or .crush.json in the project, .crush/crush.json, the user's
// crush.json), their flat hook entries ({matcher, command, timeout}), its
// one event (PreToolUse), its tool names (bash, view, edit, write, ...), how
// it reads a hook entry, and its own answer (--format crush: decision,
// halt, reason, context, updated_input).
//
// Proven by make e2e: nothing (Crush is not in e2e: npm's @charmland/crush
// downloads its binary from GitHub at install, which is not reachable here).
// Proven by a manual run here: Crush built from source at 37f36e9
// (2026-08-21; "crush version devel", after tag v0.90.0), crush run against
// a fake OpenAI-compatible model on 127.0.0.1 scripting one bash call, with
// its hooks in the project's crush.json: the PreToolUse payload
// {event, session_id, cwd, tool_name: "bash", tool_input: {command,
// description}} and the CRUSH_* variables as documented, the hook run in
// the project directory; exit 2 and {"decision": "deny", "reason"} each
// block the call, the model getting "Tool call blocked by hook. Reason:
// ..."; exit 49 ends the run with no answer and exit status 0; a
// {"context"} reaches the model after the tool's output; crush run approves
// every permission itself. Through "hookexec fire PreToolUse --format
// crush" (also as hookexec install crush writes it into a crush.json that
// has other keys) the same deny, halt, context and rewrite (updated_input)
// hold, and
// a native policy that times out with failClosed still denies, where
// Crush alone lets the tool run.
//
// From its documentation and source only
// (github.com/charmbracelet/crush at 37f36e9, 2026-08-21: docs/hooks/README.md,
// internal/hooks/{hooks,input,runner}.go, internal/config/load.go,
// internal/agent/tools/*.go):
//
//   - files: the user's $XDG_CONFIG_HOME/crush/crush.json (or
//     $CRUSH_GLOBAL_CONFIG/crush.json), then crush.json and .crush.json
//     from the working directory up to the repository root, then the
//     workspace's .crush/crush.json last, all merged; each must be plain
//     JSON (a comment makes Crush refuse to start, although the
//     documentation's examples show comments);
//   - entries: "hooks": {EVENT: [{name, matcher, command, timeout}]}; the
//     matcher is a Go regular expression on the tool name, unanchored, none
//     for all; "timeout" in seconds, 30 by default; event names are
//     case-insensitive and may be snake_case (pre_tool_use);
//   - events: PreToolUse only, and only for the top-level agent's tools;
//   - payload: {event, session_id, cwd, tool_name, tool_input}, and the
//     variables CRUSH_EVENT, CRUSH_TOOL_NAME, CRUSH_SESSION_ID, CRUSH_CWD,
//     CRUSH_PROJECT_DIR, CRUSH_TOOL_INPUT_COMMAND,
//     CRUSH_TOOL_INPUT_FILE_PATH (and CRUSH=1, AGENT=crush);
//   - hooks run in Crush's embedded POSIX shell (mvdan.cc/sh), in parallel,
//     deduplicated by command, results composed in config order;
//   - answers: exit 0 reads {decision: allow|deny, halt, reason, context
//     (a string or a list), updated_input (a shallow-merged patch)} or
//     Claude Code's hookSpecificOutput; exit 2 blocks with stderr; exit 49
//     halts the turn with stderr; any other status, and a timeout, is a
//     non-blocking error and the tool runs.
//
// Crush fails open on a timeout or a crash; hookexec does not: a policy
// that fails closed still denies in hookexec's answer.
package crush
