// Package codebuddy is what hookexec knows of CodeBuddy Code (Tencent's
// coding agent CLI): its settings (.codebuddy/settings.json in the project
// and the home directory), its event names (Claude Code's), its tool names
// (Claude Code's), how it reads a hook entry and a hook's answer (Claude
// Code's format: --format codebuddy), and what install and doctor do for
// it.
//
// Proven by make e2e: nothing. Proven by a manual run here: CodeBuddy Code
// 2.117.0, which npm's @tencent-ai/agent-sdk 0.3.201 bundles, run as
// codebuddy -p -y --model against a fake chat-completions model on
// 127.0.0.1 (a custom model in ~/.codebuddy/models.json; no sign-in),
// scripting one Bash call, hooks in the project's .codebuddy/settings.json
// (run in -p without any review step):
//
//   - the PreToolUse stdin of testdata/shell.json (Claude Code's fields and
//     call_id, tool_use_id, agent_type, client, version, generation_id,
//     model); CODEBUDDY_PROJECT_DIR and CLAUDE_PROJECT_DIR set to the
//     project, which is the hook's working directory;
//   - a settings.json that starts with a // comment is read;
//   - exit 2 blocks the tool, the model getting "Error: " and stderr; a
//     JSON hookSpecificOutput.permissionDecision "deny" blocks with its
//     reason; a top-level "decision": "deny" is ignored;
//   - PreToolUse's additionalContext never reaches the model; SessionStart's
//     does; a blocked UserPromptSubmit makes no model request (stderr:
//     "UserPromptSubmit hook error:" and the reason, exit status 0);
//   - a Stop hook's block (exit 2, or "decision": "block") does not keep
//     codebuddy -p working;
//   - through hookexec fire --format codebuddy, as install writes it: the
//     same deny, prompt block and session context, and a fail-closed
//     policy that times out still denies.
//
// From its documentation (the CodeBuddy Code hook reference for v1.16 and
// later, mirrored in github.com/zhalice2011/claude-code-docs
// docs/codebuddy/cli__hooks.md, and the same page bundled with 2.117.0):
//
//   - files: ~/.codebuddy/settings.json, .codebuddy/settings.json,
//     .codebuddy/settings.local.json and an enterprise policy; hooks from
//     every scope are merged and run in parallel;
//   - shape: Claude Code's nested definitions; "timeout" in seconds; a hook
//     is ended after 60 s; commands run with the user's $SHELL (Git Bash on
//     Windows) and may use $CODEBUDDY_PROJECT_DIR;
//   - matcher: a case-sensitive regular expression, unanchored ("Write"
//     also matches NotebookWrite), "*", "" or none for all; unlike Claude
//     Code, a plain name is not compared exactly;
//   - events: Claude Code's (27 and more, listed in eventKeys); tools (the
//     tools reference bundled with 2.117.0): Bash, PowerShell, Read,
//     NotebookRead, Write, Edit, MultiEdit, NotebookEdit, Glob, Grep,
//     WebFetch, WebSearch, Agent, and others (AskUserQuestion, Task*,
//     Skill, ...);
//   - answers: exit 0 (stdout to the transcript, or context on
//     UserPromptSubmit and SessionStart), exit 2 blocks with the reason
//     from stdout's JSON (reason/stopReason) or text, else stderr; other
//     statuses are non-blocking errors; JSON as Claude Code's.
//
// CodeBuddy's plugins (hooks/hooks.json, ${CODEBUDDY_PLUGIN_ROOT}) are not
// read as its dialect: their manifest's place is not documented.
package codebuddy
