package setup

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
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
	// Notes say what undoing the agent's enable step did (Codex's trust).
	Notes []string
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
}

// Uninstall removes install's entries from the agent's settings file.
func Uninstall(opts UninstallOptions) (*UninstallResult, error) {
	res, err := uninstall(opts)
	if err != nil {
		return nil, err
	}
	if err := disableAfterUninstall(opts, res); err != nil {
		return nil, err
	}
	return res, nil
}

func uninstall(opts UninstallOptions) (*UninstallResult, error) {
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
	res := &UninstallResult{Path: path}
	f, err := readSettingsFile(path)
	if err != nil {
		return nil, err
	}
	if !f.Exists {
		res.Missing = true
		return res, nil
	}
	s, err := strip(f.Data, opts.Agent, opts.Program)
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
		if sameSettings(s.data, asObject(original)) || sameSettings(s.cleaned, asObject(original)) {
			if err := writeAtomic(f.Real, original, f.Mode); err != nil {
				return nil, err
			}
			res.Restored = true
			return res, removeFile(backup)
		}
		res.BackupKept = backup
	case !errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("setup: %w", err)
	case sameSettings(s.cleaned, []byte("{}")):
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
}

// strip removes install's entries (recognised by their command: a hookexec
// binary's `fire EVENT --format F`, maybe --fail-closed), the definitions
// and event keys that this left empty, and "hooks" when nothing is left.
// Everything else keeps its bytes, comments included.
func strip(data []byte, ag Agent, self string) (stripped, error) {
	doc, err := parseSettings(ag, data, self)
	if err != nil {
		return stripped{}, err
	}
	var s stripped
	var managed []hookEntry
	for _, e := range doc.entries() {
		switch {
		case e.IsFire && e.Fire.Managed:
			managed = append(managed, e)
			if !slices.Contains(s.removed, e.Key) {
				s.removed = append(s.removed, e.Key)
			}
		case e.IsFire:
			s.left = append(s.left, e.Key+": "+e.Command)
		}
	}
	if len(s.removed) == 0 {
		s.data, s.cleaned = data, data
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
			if err := doc.remove(pointer("hooks", key)); err != nil {
				return stripped{}, err
			}
		}
	}
	if doc.events != nil && len(doc.events) == 0 {
		if err := doc.remove(pointer("hooks")); err != nil {
			return stripped{}, err
		}
	}
	s.data = doc.bytes()
	s.cleaned = s.data
	if ag.NeedsEnable && doc.events == nil {
		changed, err := doc.disableHooks()
		if err != nil {
			return stripped{}, err
		}
		if changed {
			s.cleaned = doc.bytes()
		}
	}
	return s, nil
}

// disableHooks removes hooksConfig.enabled when it is true, and
// hooksConfig when that empties it.
func (d *settingsDoc) disableHooks() (bool, error) {
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
