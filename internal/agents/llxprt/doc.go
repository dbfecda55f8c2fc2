// Package llxprt is what hookexec knows of LLxprt Code: its settings
// (.llxprt/settings.json), its event names (the catalogue's canonical
// ones), how it reads a hook entry and a hook's answer (Gemini CLI's
// format), and what install and doctor do for it.
package llxprt
