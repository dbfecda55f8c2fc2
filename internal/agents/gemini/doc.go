// Package gemini is what hookexec knows of Gemini CLI: its settings
// (.gemini/settings.json, "hooksConfig"), its event names (the catalogue's
// canonical ones), how it reads a hook entry (matchers, the variables it
// pastes into a command quoted) and a hook's answer, and what install and
// doctor do for it.
package gemini
