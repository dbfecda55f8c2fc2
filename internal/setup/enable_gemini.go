package setup

import (
	"fmt"
	"strings"
)

// geminiHooksConfig is Gemini CLI's switch (agent.EnableGeminiHooksConfig):
// it runs no hook unless its settings say "hooksConfig": {"enabled":
// true}, which install sets in the file it writes, uninstall takes out
// with the last hook, and doctor looks for in every settings file.
type geminiHooksConfig struct{ noStep }

// editSettings sets hooksConfig.enabled to true. A new hooksConfig comes
// before a new hooks, as in docs/agents/gemini.md.
func (geminiHooksConfig) editSettings(d *settingsDoc) (string, error) {
	const did = "hooksConfig.enabled set to true"
	raw, ok := d.top.get("hooksConfig")
	if !ok {
		return did, d.set("", "hooksConfig", map[string]bool{"enabled": true})
	}
	hc, err := parseObject(raw)
	if err != nil {
		return "", fmt.Errorf(`"hooksConfig": %w`, err)
	}
	if v, ok := hc.get("enabled"); ok && string(v) == "true" {
		return "", nil
	}
	return did, d.set(pointer("hooksConfig"), "enabled", true)
}

// uneditSettings removes hooksConfig.enabled when it is true, and
// hooksConfig when that empties it.
func (geminiHooksConfig) uneditSettings(d *settingsDoc) (bool, error) {
	raw, ok := d.top.get("hooksConfig")
	if !ok {
		return false, nil
	}
	hc, err := parseObject(raw)
	if err != nil {
		return false, nil
	}
	if v, ok := hc.get("enabled"); !ok || string(v) != "true" {
		return false, nil
	}
	if len(hc.members) == 1 {
		return true, d.remove(pointer("hooksConfig"))
	}
	return true, d.remove(pointer("hooksConfig", "enabled"))
}

// check: Gemini CLI runs hooks only with hooksConfig.enabled true.
func (geminiHooksConfig) check(in enableInput, files []*agentSettings) Check {
	c := Check{Name: in.Agent.Name + " hooksConfig"}
	fix := "set \"hooksConfig\": {\"enabled\": true} (run 'hookexec install " + in.Agent.Name + "' in the project (or with --user) does)"
	var on, off []string
	for _, f := range files {
		if f.doc == nil {
			continue
		}
		raw, ok := f.doc.top.get("hooksConfig")
		if !ok {
			continue
		}
		hc, err := parseObject(raw)
		if err != nil {
			continue
		}
		switch v, _ := hc.get("enabled"); string(v) {
		case "true":
			on = append(on, f.path)
		case "false":
			off = append(off, f.path)
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
