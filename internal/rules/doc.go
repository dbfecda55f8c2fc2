// Package rules evaluates a "type": "rules" hook in hookexec's own process
// (SPEC §4.8): lists of Claude Code permission rules (internal/permrule)
// tested against a tool call as the normalized view reads it, so that a
// rule written for Bash, Edit, Read, Write or WebFetch guards every
// agent's tool of that family. It runs no process and knows nothing of
// configs or verdicts: the registry compiles a Set, the engine evaluates
// it and reports the Result as a hook's answer.
package rules
