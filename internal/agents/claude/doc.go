// Package claude is what hookexec knows of Claude Code: its settings
// (.claude/settings.json, plugins' hooks/hooks.json), its event names, how
// it reads a hook entry and a hook's answer, and what install and doctor
// do for it.
package claude
