package gemini

import (
	"fmt"
	"strings"

	"github.com/hookexec/hookexec/internal/agents/agent"
)

// HooksConfig is Gemini CLI's switch (its Agent's Enable): it runs no hook
// unless its settings say "hooksConfig": {"enabled": true}, which install
// sets in the file it writes, uninstall takes out with the last hook, and
// doctor looks for in every settings file.
type HooksConfig struct{ agent.NoEnable }

// EditSettings sets hooksConfig.enabled to true. A new hooksConfig comes
// before a new hooks, as in docs/agents/gemini.md.
func (HooksConfig) EditSettings(d agent.SettingsDoc) (string, error) {
	const did = "hooksConfig.enabled set to true"
	_, ok, err := d.Keys("hooksConfig")
	if !ok {
		return did, d.Set(map[string]bool{"enabled": true}, "hooksConfig")
	}
	if err != nil {
		return "", fmt.Errorf(`"hooksConfig": %w`, err)
	}
	if v, ok := d.Value("hooksConfig", "enabled"); ok && string(v) == "true" {
		return "", nil
	}
	return did, d.Set(true, "hooksConfig", "enabled")
}

// UneditSettings removes hooksConfig.enabled when it is true, and
// hooksConfig when that empties it.
func (HooksConfig) UneditSettings(d agent.SettingsDoc) (bool, error) {
	keys, ok, err := d.Keys("hooksConfig")
	if !ok || err != nil {
		return false, nil
	}
	if v, ok := d.Value("hooksConfig", "enabled"); !ok || string(v) != "true" {
		return false, nil
	}
	if len(keys) == 1 {
		return true, d.Remove("hooksConfig")
	}
	return true, d.Remove("hooksConfig", "enabled")
}

// Check: Gemini CLI runs hooks only with hooksConfig.enabled true.
func (HooksConfig) Check(in agent.EnableInput, files []agent.InstalledFile) agent.EnableCheck {
	c := agent.EnableCheck{Name: in.Agent.Name + " hooksConfig"}
	fix := "set \"hooksConfig\": {\"enabled\": true} (run 'hookexec install " + in.Agent.Name + "' in the project (or with --user) does)"
	var on, off []string
	for _, f := range files {
		if f.Doc == nil {
			continue
		}
		if _, ok, err := f.Doc.Keys("hooksConfig"); !ok || err != nil {
			continue
		}
		switch v, _ := f.Doc.Value("hooksConfig", "enabled"); string(v) {
		case "true":
			on = append(on, f.Path)
		case "false":
			off = append(off, f.Path)
		}
	}
	switch {
	case len(off) > 0:
		c.Detail = "hooksConfig.enabled is false in " + strings.Join(off, ", ") + ": " + in.Agent.Title + " runs no hook"
		c.Fix = fix
	case len(on) == 0:
		c.Detail = "hooksConfig.enabled is not true in any settings file: " + in.Agent.Title + " runs no hook"
		c.Fix = fix
	default:
		c.OK = true
		c.Detail = "hooks are enabled in " + strings.Join(on, ", ")
	}
	return c
}
