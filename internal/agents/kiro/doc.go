// Package kiro is everything hookexec knows of Kiro CLI's hooks (Kiro CLI
// was Amazon Q Developer CLI): hooks live in the "hooks" field of an agent
// configuration file (.kiro/agents/NAME.json in a project,
// ~/.kiro/agents/NAME.json for the user), with lowerCamel event names
// (agentSpawn, userPromptSubmit, preToolUse, postToolUse, stop), entries
// {command, matcher, timeout_ms, cache_ttl_seconds}, Claude-like stdin
// ({hook_event_name, cwd, tool_name, tool_input, tool_response}) and an
// answer read from the exit status alone (--format kiro): exit 2 blocks
// preToolUse with stderr returned to the model; exit 0's stdout is added
// to the context on agentSpawn and userPromptSubmit.
//
// Install target: hookexec's own agent file, hookexec.json, in the
// project's or the user's .kiro/agents/. A hook in an agent file runs only
// while that agent is the one in use, and Kiro's built-in default agent
// has no file to add a field to; editing one of the user's own agent files
// would mean guessing which one they run, and uninstall could not give
// its bytes back as surely as it removes a file hookexec wrote. So the
// user runs `kiro-cli chat --agent hookexec`, or makes it the default with
// `kiro-cli agent set-default hookexec`. An agent file without "tools" has
// no tools at all, so hookexec's file needs "tools": ["*"] beside its
// hooks.
//
// Proven by make e2e: nothing (Kiro CLI installs by a script and needs an
// AWS sign-in). From its documentation or source only, every fact below: https://kiro.dev/docs/cli/hooks
// and aws/amazon-q-developer-cli docs/hooks.md (events, stdin, exit
// statuses, matchers, timeout_ms default 30000, caching);
// https://kiro.dev/docs/cli/custom-agents/configuration-reference and
// aws/amazon-q-developer-cli docs/agent-format.md (agent files, their
// places, "tools", "@server/tool" MCP names); the stop event and the
// built-in tool names (shell, read, write, glob, grep, web_search,
// web_fetch, aws, ...), which replaced execute_bash, fs_read, fs_write and
// use_aws (still accepted): https://kiro.dev/docs/cli/reference/built-in-tools.
package kiro
