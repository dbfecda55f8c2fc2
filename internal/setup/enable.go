package setup

import (
	"encoding/json"
	"fmt"

	agentdesc "github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/dirs"
)

// An agent's enable or trust step (Agent.Enable) is its folder's: install,
// uninstall and doctor hand it what it works on, the settings document
// (settingsDoc as an agent.SettingsDoc), the files it keeps outside it
// (diskFiles) and what install recognises as its entries.

// enableInput is what a step knows of the install, uninstall or doctor it
// is part of.
func enableInput(ag Agent, scope Scope, projectDir, program string, getenv func(string) string) agentdesc.EnableInput {
	in := agentdesc.EnableInput{Agent: ag, Scope: scope, ProjectDir: projectDir, Program: program,
		AgentHome: dirs.AgentHome(getenv, ag.HomeVar, ag.Dir), Files: diskFiles{},
		Managed: func(command string) bool {
			c, ok := parseFireCommand(command, program)
			return ok && c.Managed
		}}
	in.Home, _ = HomeDir(getenv)
	return in
}

// installedFiles are the settings files as a step's check sees them.
func installedFiles(files []*agentSettings) []agentdesc.InstalledFile {
	out := make([]agentdesc.InstalledFile, 0, len(files))
	for _, f := range files {
		i := agentdesc.InstalledFile{Scope: f.scope, Path: f.path, Entries: len(f.fires)}
		if f.doc != nil {
			i.Doc = f.doc
		}
		out = append(out, i)
	}
	return out
}

// diskFiles are agent.Files as install writes a settings file
// (readSettingsFile, writeAtomic).
type diskFiles struct{}

func (diskFiles) Read(path string) ([]byte, bool, error) {
	f, err := readSettingsFile(path)
	if err != nil {
		return nil, false, err
	}
	return f.Data, f.Exists, nil
}

func (diskFiles) Write(path string, data []byte) error {
	f, err := readSettingsFile(path)
	if err != nil {
		return err
	}
	return writeAtomic(f.Real, data, f.Mode)
}

func (diskFiles) Remove(path string) error {
	f, err := readSettingsFile(path)
	if err != nil {
		return err
	}
	return removeFile(f.Real)
}

// Keys are the keys of the object at path (agent.SettingsDoc).
func (d *settingsDoc) Keys(path ...string) ([]string, bool, error) {
	o, ok, err := d.objectAt(path)
	if !ok || err != nil {
		return nil, ok, err
	}
	keys := make([]string, len(o.members))
	for i, m := range o.members {
		keys[i] = m.key
	}
	return keys, true, nil
}

// Value is the JSON text at path (agent.SettingsDoc).
func (d *settingsDoc) Value(path ...string) (json.RawMessage, bool) {
	if len(path) == 0 {
		return nil, false
	}
	o, ok, err := d.objectAt(path[:len(path)-1])
	if !ok || err != nil {
		return nil, false
	}
	return o.get(path[len(path)-1])
}

// Set gives the member at path the value v (agent.SettingsDoc).
func (d *settingsDoc) Set(v any, path ...string) error {
	if len(path) == 0 {
		return fmt.Errorf("editing settings: no key to set")
	}
	return d.set(pointer(toAny(path[:len(path)-1])...), path[len(path)-1], v)
}

// Remove takes the member at path out (agent.SettingsDoc).
func (d *settingsDoc) Remove(path ...string) error {
	if len(path) == 0 {
		return fmt.Errorf("editing settings: no key to remove")
	}
	return d.remove(pointer(toAny(path)...))
}

// objectAt is the object at path: ok false when a key on the way is
// absent or null.
func (d *settingsDoc) objectAt(path []string) (*object, bool, error) {
	o := d.top
	for _, k := range path {
		raw, ok := o.get(k)
		if !ok {
			return nil, false, nil
		}
		next, err := parseObject(raw)
		if err != nil {
			return nil, true, err
		}
		o = next
	}
	return o, true, nil
}

func toAny(keys []string) []any {
	out := make([]any, len(keys))
	for i, k := range keys {
		out[i] = k
	}
	return out
}
