package setup

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	agentdesc "github.com/hookexec/hookexec/internal/agents/agent"
)

// readInstalled reads the agent's hook settings at path (its
// SettingsPath for a scope) in the agent's layout: nil when there are
// none (no file, no scripts directory). The result lists every hook that
// runs hookexec fire, or is install --http's (http entries among the
// fires, serve --ensure apart); doc is nil for the layouts that are no JSON file.
func readInstalled(ag Agent, scope Scope, path, self string) (*agentSettings, error) {
	as := &agentSettings{scope: scope, path: path}
	switch ag.Layout {
	case agentdesc.LayoutScripts:
		if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		doc, err := readScripts(path, agentKeys(ag))
		if err != nil {
			return nil, err
		}
		for _, k := range agentKeys(ag) {
			data, ok := doc.files[k]
			if !ok {
				continue
			}
			c, command, mine := parseScript(data, self)
			e := hookEntry{Key: k, Command: command, Fire: c, IsFire: mine}
			if !mine {
				continue
			}
			if fi, err := os.Stat(filepath.Join(path, k)); err == nil && fi.Mode().Perm()&0o111 == 0 {
				as.notExecutable = append(as.notExecutable, filepath.Join(path, k))
			}
			as.fires = append(as.fires, e)
		}
		return as, nil
	case agentdesc.LayoutTOML:
		f, err := readSettingsFile(path)
		if err != nil || !f.Exists {
			return nil, err
		}
		_, block, _, found, err := splitTOML(f.Data)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		if !found {
			return as, nil
		}
		hooks, err := blockHooks(block)
		if err != nil {
			return nil, fmt.Errorf("%s: hookexec's block: %w", path, err)
		}
		for _, h := range hooks {
			c, ok := parseFireCommand(h.Command, self)
			e := hookEntry{Key: h.Event, Command: h.Command, Fire: c, IsFire: ok}
			if ag.Flat.Timeout != "" {
				e.Timeout = h.number(ag.Flat.Timeout)
			}
			as.fires = append(as.fires, e)
		}
		return as, nil
	}
	f, err := readSettingsFile(path)
	if err != nil || !f.Exists {
		return nil, err
	}
	doc, err := parseSettings(ag, f.Data, self)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	as.doc, as.mode = doc, f.Mode
	for _, e := range doc.entries() {
		switch {
		case e.IsFire:
			as.fires = append(as.fires, e)
		case e.IsHTTP && e.HTTP.Managed:
			// An http entry of install --http guards its event as fire's
			// command does (events, timeouts, onFailure, duplicates).
			e.Fire = fireCommand{Event: e.HTTP.Event, Format: ag.Format, Managed: true}
			as.fires = append(as.fires, e)
		case e.IsEnsure:
			as.ensures = append(as.ensures, e)
		}
	}
	return as, nil
}

// managed reports whether the settings hold an entry install wrote.
func (as *agentSettings) managed() bool {
	if as == nil {
		return false
	}
	for _, e := range as.fires {
		if e.Fire.Managed {
			return true
		}
	}
	return false
}
