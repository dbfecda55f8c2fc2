package setup

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"

	agentdesc "github.com/hookexec/hookexec/internal/agents/agent"
)

// UninstallOptions are uninstall's inputs.
type UninstallOptions struct {
	Agent      Agent
	Scope      Scope
	ProjectDir string
	Getenv     func(string) string
	// Program is this hookexec binary (absolute), recognised by its path
	// whatever its name.
	Program string
}

// UninstallResult is what uninstall did.
type UninstallResult struct {
	Path string
	// Missing: there is no settings file.
	Missing bool
	// Removed are the event keys whose hookexec entries were removed.
	Removed []string
	// Left are hookexec commands of the user's own (with options install
	// does not write, such as --config): uninstall leaves them.
	Left []string
	// Restored: the file is back to its bytes from before install (the
	// backup, which is then removed). Deleted: install had created the
	// file, and it is removed.
	Restored, Deleted bool
	// BackupKept is the backup left in place because the file changed
	// since (so its bytes are not the result).
	BackupKept string
	// Disabled says what undoing the agent's enable or trust step
	// (agent.Enable) outside the settings file did, one line each.
	Disabled []string
	// Local is what uninstall did to the project's uncommitted settings
	// file (Agent.LocalProjectFile), where install --project writes; nil
	// when the agent has none.
	Local *UninstallResult
}

// Uninstall removes install's entries from the agent's settings file.
func Uninstall(opts UninstallOptions) (*UninstallResult, error) {
	if opts.Getenv == nil {
		opts.Getenv = os.Getenv
	}
	path, err := settingsPathFor(opts.Agent, opts.Scope, opts.ProjectDir, opts.Getenv)
	if err != nil {
		return nil, err
	}
	if opts.Scope == ProjectScope {
		if err := refuseProjectLinks(opts.ProjectDir, path, "uninstall"); err != nil {
			return nil, err
		}
	}
	manifest := pluginManifest(opts.Agent, path)
	if err := checkManifest(manifest, "uninstall"); err != nil {
		return nil, err
	}
	before, _ := os.ReadFile(path) // for the enable step: the entries removed
	var res *UninstallResult
	switch opts.Agent.Layout {
	case agentdesc.LayoutScripts:
		res, err = uninstallScripts(opts, path)
	case agentdesc.LayoutTOML:
		res, err = uninstallTOML(opts, path)
	default:
		res, err = uninstallJSON(opts, path)
	}
	if err != nil {
		return nil, err
	}
	if local := localPath(opts.Agent, opts.ProjectDir); opts.Scope == ProjectScope && local != "" && local != path {
		if err := refuseProjectLinks(opts.ProjectDir, local, "uninstall"); err != nil {
			return nil, err
		}
		if res.Local, err = uninstallJSON(opts, local); err != nil {
			return nil, err
		}
	}
	in := enableInput(opts.Agent, opts.Scope, opts.ProjectDir, opts.Program, opts.Getenv)
	in.SettingsPath, in.Settings = path, before
	if res.Disabled, err = opts.Agent.EnableStep().Uninstall(in); err != nil {
		return nil, err
	}
	if err := removeManifest(manifest, path); err != nil {
		return nil, err
	}
	pruneDirs(opts.Agent, path, uninstallBase(opts))
	if opts.Agent.Enable != nil && in.Home != "" && opts.Agent.HasScope(UserScope) {
		// The enable step's file (Codex's trust in ~/.codex) is in the
		// agent's directory in the home directory.
		pruneDirs(opts.Agent, agentSettingsPath(opts.Agent, UserScope, "", in.Home, opts.Getenv), in.Home)
	}
	return res, nil
}

// uninstallJSON removes install's entries from a JSON settings file.
func uninstallJSON(opts UninstallOptions, path string) (*UninstallResult, error) {
	res := &UninstallResult{Path: path}
	f, err := readSettingsFile(path)
	if err != nil {
		return nil, err
	}
	if !f.Exists {
		res.Missing = true
		return res, nil
	}
	if err := refuseForeignOwnFile(opts.Agent, path, f.Data, opts.Program, "uninstall"); err != nil {
		return nil, err
	}
	s, err := stripFile(f.Data, opts.Agent, opts.Program, isOwnFile(path))
	if err != nil {
		return nil, fmt.Errorf("setup: %s: %w; nothing was changed", path, err)
	}
	res.Removed, res.Left = s.removed, s.left
	if len(s.removed) == 0 {
		return res, nil
	}
	backup := backupPath(f.Real)
	original, err := os.ReadFile(backup)
	switch {
	case err == nil:
		if sameSettings(s.data, asObject(original)) || sameSettings(s.pristine, asObject(original)) || s.emptyEnv != nil && sameSettings(s.emptyEnv, asObject(original)) {
			mode := f.Mode
			if fi, err := os.Stat(backup); err == nil {
				mode = fi.Mode().Perm() // the mode from before install (--http makes the file 0600)
			}
			if err := writeAtomic(f.Real, original, mode); err != nil {
				return nil, err
			}
			res.Restored = true
			return res, removeFile(backup)
		}
		res.BackupKept = backup
	case !errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("setup: %w", err)
	case sameSettings(s.cleaned, []byte("{}")) || s.onlyShape:
		res.Deleted = true
		return res, removeFile(f.Real)
	}
	return res, writeAtomic(f.Real, s.cleaned, f.Mode)
}

func removeFile(path string) error {
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("setup: %w", err)
	}
	return nil
}

// asObject reads an empty file as the empty object.
func asObject(data []byte) []byte {
	if len(bytes.TrimSpace(bytes.TrimPrefix(data, []byte(bom)))) == 0 {
		return []byte("{}")
	}
	return data
}

// stripped is strip's result.
type stripped struct {
	// data is the file without install's entries; cleaned also without
	// the hooksConfig.enabled that install adds for Gemini CLI, when no
	// hook is left to need it.
	data, cleaned []byte
	removed, left []string
	// pristine is data with the enable step's edit undone even where
	// hooks are left: compared with the backup only.
	pristine []byte
	// onlyShape: nothing but what install's shape adds (a flat file's
	// "version") is left.
	onlyShape bool
	// emptyEnv is data with an empty env block where install --http's
	// token was its only member (data has none): the file before install
	// may have had one.
	emptyEnv []byte
}

// strip removes install's entries (recognised by their command: a hookexec
// binary's `fire EVENT --format F`, maybe --fail-closed; by their URL and
// token header for install --http's, with its SessionStart `serve --http
// ADDR --ensure` and the token in the env block), the definitions
// and event keys that this left empty, and "hooks" when nothing is left.
// Everything else keeps its bytes, comments included.
func strip(data []byte, ag Agent, self string) (stripped, error) {
	return stripFile(data, ag, self, false)
}

// stripFile is strip; own says the file is hookexec's own (isOwnFile).
func stripFile(data []byte, ag Agent, self string, own bool) (stripped, error) {
	doc, err := parseSettings(ag, data, self)
	if err != nil {
		return stripped{}, err
	}
	doc.own = own
	var s stripped
	var managed []hookEntry
	for _, e := range doc.entries() {
		switch {
		case e.managed():
			managed = append(managed, e)
			if !slices.Contains(s.removed, e.Key) {
				s.removed = append(s.removed, e.Key)
			}
		case e.IsFire:
			s.left = append(s.left, e.Key+": "+e.Command)
		}
	}
	if len(s.removed) == 0 {
		s.data, s.cleaned, s.pristine = data, data, data
		return s, nil
	}
	// The last first, so that the others' places stay.
	for i := len(managed) - 1; i >= 0; i-- {
		if err := doc.removeHook(managed[i]); err != nil {
			return stripped{}, err
		}
	}
	for _, key := range s.removed {
		if ed := doc.event(key); ed != nil && len(ed.groups) == 0 {
			if err := doc.remove(pointer(doc.shape.root, key)); err != nil {
				return stripped{}, err
			}
		}
	}
	if doc.events != nil && len(doc.events) == 0 {
		if err := doc.remove(pointer(doc.shape.root)); err != nil {
			return stripped{}, err
		}
	}
	if s.emptyEnv, err = doc.stripToken(ag, self); err != nil {
		return stripped{}, err
	}
	s.onlyShape = doc.onlyShape()
	s.data = doc.bytes()
	s.cleaned, s.pristine = s.data, s.data
	// What the enable step put in goes with the last hook (cleaned); the
	// file as it was before install has it undone whatever is left
	// (pristine), since the user's own hooks there ran without it.
	pristine, err := parseSettings(ag, s.data, self)
	if err != nil {
		return stripped{}, err
	}
	if changed, err := ag.EnableStep().UneditSettings(pristine); err != nil {
		return stripped{}, err
	} else if changed {
		s.pristine = pristine.bytes()
		if doc.events == nil {
			s.cleaned = s.pristine
		}
	}
	return s, nil
}

// onlyShape reports whether the file holds nothing but a flat file's
// "version" (and, in a file of hookexec's own, its constant top-level
// keys).
func (d *settingsDoc) onlyShape() bool {
	if !d.shape.flatEntries() || len(d.top.members) == 0 {
		return false
	}
	for _, m := range d.top.members {
		if m.key == d.shape.root || !d.own && m.key != "version" || !d.shape.ownKey(m.key) {
			return false
		}
	}
	return true
}
