package setup

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/hookexec/hookexec/internal/event"
)

// An agent of LayoutScripts (Cline) runs one executable file per event,
// named after the event, from a directory (Agent.SettingsPath). install
// writes hookexec's script for each event, never over a file of the
// user's; uninstall removes only files that are exactly hookexec's.

// scriptMarker is the line that says a script is hookexec's.
const scriptMarker = "# Written by 'hookexec install'; 'hookexec uninstall' removes this file."

// scriptMode is the mode of a script install writes.
const scriptMode fs.FileMode = 0o755

// scriptText is hookexec's script for an event.
func scriptText(command string) []byte {
	return []byte("#!/bin/sh\n" + scriptMarker + "\nexec " + command + "\n")
}

// parseScript recognises hookexec's script: the three lines scriptText
// writes, whose command runs hookexec fire as install writes it. ok false
// for any other file (the user's).
func parseScript(data []byte, self string) (fireCommand, string, bool) {
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(lines) != 3 || lines[0] != "#!/bin/sh" || lines[1] != scriptMarker || !strings.HasPrefix(lines[2], "exec ") {
		return fireCommand{}, "", false
	}
	command := strings.TrimPrefix(lines[2], "exec ")
	c, ok := parseFireCommand(command, self)
	return c, command, ok && c.Managed
}

// scriptsDoc is a scripts directory as install sees it: the files named
// after events, each hookexec's or the user's.
type scriptsDoc struct {
	dir   string
	files map[string][]byte // event key -> content, of the files that exist
}

func readScripts(dir string, keys []string) (*scriptsDoc, error) {
	d := &scriptsDoc{dir: dir, files: map[string][]byte{}}
	for _, k := range keys {
		p := filepath.Join(dir, k)
		fi, err := os.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("setup: %w", err)
		}
		if !fi.Mode().IsRegular() {
			return nil, fmt.Errorf("setup: %s: not a regular file, so not hookexec's; nothing was changed: move it away and run install again", p)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return nil, fmt.Errorf("setup: %w", err)
		}
		d.files[k] = data
	}
	return d, nil
}

// installScripts writes hookexec's script for each wanted event. It
// refuses, before writing anything, when a file of an event's name is the
// user's.
func installScripts(opts InstallOptions, dir string, wants []wantEntry) (*InstallResult, error) {
	keys := make([]string, len(wants))
	for i, w := range wants {
		keys[i] = w.Key
	}
	doc, err := readScripts(dir, keys)
	if err != nil {
		return nil, err
	}
	res := &InstallResult{Path: dir}
	type write struct {
		path string
		data []byte
	}
	var writes []write
	for _, w := range wants {
		p := filepath.Join(dir, w.Key)
		cur, exists := doc.files[w.Key]
		failClosed := false
		if exists {
			c, _, ok := parseScript(cur, opts.Program)
			if !ok {
				return nil, fmt.Errorf("setup: %s exists and is not hookexec's script; %s runs one file per event, so hookexec would replace yours: nothing was changed. Move it away (hookexec can run it as a policy) and run install again", p, opts.Agent.Title)
			}
			failClosed = c.FailClosed
		}
		if w.FailClosed != nil {
			failClosed = *w.FailClosed
		}
		data := scriptText(buildCommand(opts.Program, w.Key, opts.Agent.Format, failClosed))
		fi, statErr := os.Stat(p)
		switch {
		case !exists:
			res.Added = append(res.Added, w.Key)
		case !bytes.Equal(cur, data) || statErr != nil || fi.Mode().Perm() != scriptMode:
			res.Updated = append(res.Updated, w.Key)
		default:
			continue
		}
		writes = append(writes, write{p, data})
		res.Data = append(res.Data, fmt.Sprintf("--- %s ---\n%s", p, data)...)
	}
	res.Changed = len(writes) > 0
	if opts.DryRun {
		return res, nil
	}
	for _, w := range writes {
		if err := writeAtomic(w.path, w.data, scriptMode); err != nil {
			return nil, err
		}
	}
	return res, nil
}

// uninstallScripts removes hookexec's scripts from dir (one per event key
// the agent has), and leaves every other file.
func uninstallScripts(opts UninstallOptions, dir string) (*UninstallResult, error) {
	res := &UninstallResult{Path: dir}
	if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
		res.Missing = true
		return res, nil
	}
	doc, err := readScripts(dir, agentKeys(opts.Agent))
	if err != nil {
		return nil, err
	}
	for _, k := range agentKeys(opts.Agent) {
		data, ok := doc.files[k]
		if !ok {
			continue
		}
		if _, _, mine := parseScript(data, opts.Program); !mine {
			if bytes.Contains(data, []byte("hookexec")) {
				res.Left = append(res.Left, k+": "+filepath.Join(dir, k))
			}
			continue
		}
		if err := removeFile(filepath.Join(dir, k)); err != nil {
			return nil, err
		}
		res.Removed = append(res.Removed, k)
	}
	return res, nil
}

// agentKeys are the agent's names of every catalogue event it has.
func agentKeys(ag Agent) []string {
	var out []string
	for _, ev := range event.All() {
		out = append(out, ag.InstallKeys(ev)...)
	}
	return out
}
