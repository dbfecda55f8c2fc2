// Package permrule parses one Claude Code permission rule ("Bash(git push
// *)", "Edit(*.ts)", "Read(./.env)", "WebFetch(domain:example.com)",
// "mcp__server__tool", ...) and tests it against a tool call, as Claude
// Code does for a hook's "if" field: for Bash every subcommand of the
// command counts (lists, pipes, command and process substitutions,
// subshells), leading VAR=x assignments and process wrappers are skipped,
// and what cannot be known statically (a command that does not parse, a
// $VAR or $(...) word) makes the rule match, so that a guard runs rather
// than being skipped. It knows nothing of hooks or events.
package permrule
