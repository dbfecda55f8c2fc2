// Package codebuddy is what hookexec knows of CodeBuddy Code (Tencent's
// coding agent CLI): its settings (.codebuddy/settings.json in the project
// and the home directory), its event names (Claude Code's), its tool names
// (Claude Code's), how it reads a hook entry and a hook's answer (Claude
// Code's format: --format codebuddy), and what install and doctor do for
// it.
//
// Proven by make e2e: nothing (its CLI is not in the npm registry's list
// here). From its documentation only (the CodeBuddy Code hook reference
// for v1.16 and later, mirrored in github.com/zhalice2011/claude-code-docs
// docs/codebuddy/cli__hooks.md):
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
//   - events: Claude Code's (27 and more, listed in eventKeys); tools:
//     Task, Bash, Glob, Grep, Read, Edit, Write, WebFetch, WebSearch;
//   - answers: exit 0 (stdout to the transcript, or context on
//     UserPromptSubmit and SessionStart), exit 2 blocks with the reason
//     from stdout's JSON (reason/stopReason) or text, else stderr; other
//     statuses are non-blocking errors; JSON as Claude Code's.
//
// CodeBuddy's plugins (hooks/hooks.json, ${CODEBUDDY_PLUGIN_ROOT}) are not
// read as its dialect: their manifest's place is not documented.
package codebuddy
