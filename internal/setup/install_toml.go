package setup

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"slices"
	"strings"

	"github.com/pelletier/go-toml/v2"
)

// An agent of LayoutTOML (Kimi Code) reads its hooks from [[hooks]] tables
// of a TOML config file. install appends hookexec's tables as one marked
// block (tomlBegin ... tomlEnd) and keeps every other byte of the file;
// uninstall removes exactly that block. The result must parse as TOML
// (go-toml), or nothing is written.

const (
	tomlBegin = "# hookexec: begin (written by 'hookexec install'; 'hookexec uninstall' removes this block)"
	tomlEnd   = "# hookexec: end"
)

// tomlHook is one [[hooks]] table as the agent reads it.
type tomlHook struct {
	Event   string `toml:"event"`
	Command string `toml:"command"`
	// Fields are the table's keys, as decoded.
	Fields map[string]any `toml:"-"`
}

// number is the table's numeric key (an integer or a float), 0 when it
// has none.
func (h tomlHook) number(key string) float64 {
	switch n := h.Fields[key].(type) {
	case int64:
		return float64(n)
	case float64:
		return n
	}
	return 0
}

// tomlBlock is hookexec's block for wants, ending in a newline.
func tomlBlock(ag Agent, program string, wants []wantEntry, failClosed map[string]bool) []byte {
	cmdKey := ag.Flat.Command
	if cmdKey == "" {
		cmdKey = "command"
	}
	var b strings.Builder
	b.WriteString(tomlBegin + "\n")
	for _, w := range wants {
		b.WriteString("[[hooks]]\n")
		fmt.Fprintf(&b, "event = %s\n", tomlString(w.Key))
		fmt.Fprintf(&b, "%s = %s\n", cmdKey, tomlString(buildCommand(program, w.Key, ag.Format, failClosed[w.Key])))
		if ag.Flat.Timeout != "" {
			fmt.Fprintf(&b, "%s = %d\n", ag.Flat.Timeout, w.Timeout)
		}
	}
	b.WriteString(tomlEnd + "\n")
	return []byte(b.String())
}

// tomlString is s as a TOML basic string (JSON's escapes are TOML's).
func tomlString(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return strings.TrimSuffix(b.String(), "\n")
}

// splitTOML finds hookexec's block in data: the bytes before it, the
// block (from its begin line through its end line and that line's
// newline), and the bytes after. found false when there is none; an error
// when a marker is there without its pair.
func splitTOML(data []byte) (before, block, after []byte, found bool, err error) {
	start := markerLine(data, tomlBegin)
	if start < 0 {
		if markerLine(data, tomlEnd) >= 0 {
			return nil, nil, nil, false, errors.New("has hookexec's end marker without its begin marker; fix the file by hand")
		}
		return data, nil, nil, false, nil
	}
	rel := markerLine(data[start:], tomlEnd)
	if rel < 0 {
		return nil, nil, nil, false, errors.New("has hookexec's begin marker without its end marker; fix the file by hand")
	}
	end := start + rel + len(tomlEnd)
	if end < len(data) && data[end] == '\n' {
		end++
	}
	return data[:start], data[start:end], data[end:], true, nil
}

// markerLine is the offset of the line that is exactly marker, or -1.
func markerLine(data []byte, marker string) int {
	off := 0
	for line := range bytes.SplitAfterSeq(data, []byte("\n")) {
		if string(bytes.TrimRight(line, "\r\n")) == marker {
			return off
		}
		off += len(line)
	}
	return -1
}

// blockHooks reads hookexec's block's tables.
func blockHooks(block []byte) ([]tomlHook, error) {
	var v struct {
		Hooks []map[string]any `toml:"hooks"`
	}
	if err := toml.Unmarshal(block, &v); err != nil {
		return nil, err
	}
	out := make([]tomlHook, 0, len(v.Hooks))
	for _, h := range v.Hooks {
		var t tomlHook
		t.Event, _ = h["event"].(string)
		t.Command, _ = h["command"].(string)
		t.Fields = h
		out = append(out, t)
	}
	return out, nil
}

// checkTOML parses data as the agent would, so that install never leaves
// a file the agent cannot read.
func checkTOML(data []byte) error {
	var v map[string]any
	if err := toml.Unmarshal(data, &v); err != nil {
		var de *toml.DecodeError
		if errors.As(err, &de) {
			row, col := de.Position()
			return fmt.Errorf("not valid TOML at %d:%d: %s", row, col, de.Error())
		}
		return fmt.Errorf("not valid TOML: %w", err)
	}
	return nil
}

// installTOML puts hookexec's block into the agent's TOML file (replacing
// the one there), keeping every other byte.
func installTOML(opts InstallOptions, path string, wants []wantEntry) (*InstallResult, error) {
	f, err := readSettingsFile(path)
	if err != nil {
		return nil, err
	}
	before, block, after, found, err := splitTOML(f.Data)
	if err == nil && f.Exists {
		err = checkTOML(f.Data)
	}
	if err != nil {
		return nil, fmt.Errorf("setup: %s: %w; nothing was changed", path, err)
	}
	failClosed := map[string]bool{}
	var had []string
	if found {
		hooks, _ := blockHooks(block)
		for _, h := range hooks {
			if c, ok := parseFireCommand(h.Command, opts.Program); ok {
				failClosed[h.Event] = c.FailClosed
				had = append(had, h.Event)
			}
		}
	}
	for _, w := range wants {
		if w.FailClosed != nil {
			failClosed[w.Key] = *w.FailClosed
		}
	}
	newBlock := tomlBlock(opts.Agent, opts.Program, wants, failClosed)
	var data []byte
	if found {
		data = append(append(append(data, before...), newBlock...), after...)
	} else {
		data = append(data, f.Data...)
		if len(data) > 0 && !bytes.HasSuffix(data, []byte("\n")) {
			data = append(data, '\n')
		}
		data = append(data, newBlock...)
	}
	if err := checkTOML(data); err != nil {
		return nil, fmt.Errorf("setup: %s: with hookexec's block the file is %w; nothing was changed", path, err)
	}
	res := &InstallResult{Path: path, Created: !f.Exists, Data: data, Changed: !bytes.Equal(data, f.Data) || !f.Exists}
	for _, w := range wants {
		if slices.Contains(had, w.Key) {
			if !bytes.Equal(block, newBlock) {
				res.Updated = append(res.Updated, w.Key)
			}
		} else {
			res.Added = append(res.Added, w.Key)
		}
	}
	if res.Changed {
		m := mergeResult{Data: data, HadManaged: found}
		if err := writeInstall(res, f, m, f.Mode, opts.DryRun); err != nil {
			return nil, err
		}
	}
	return res, nil
}

// uninstallTOML removes hookexec's block; the file goes back to its
// backup's bytes when that is what is left (or is removed when install
// created it and nothing else is left).
func uninstallTOML(opts UninstallOptions, path string) (*UninstallResult, error) {
	res := &UninstallResult{Path: path}
	f, err := readSettingsFile(path)
	if err != nil {
		return nil, err
	}
	if !f.Exists {
		res.Missing = true
		return res, nil
	}
	before, block, after, found, err := splitTOML(f.Data)
	if err != nil {
		return nil, fmt.Errorf("setup: %s: %w; nothing was changed", path, err)
	}
	if !found {
		return res, nil
	}
	hooks, _ := blockHooks(block)
	for _, h := range hooks {
		res.Removed = append(res.Removed, h.Event)
	}
	if len(res.Removed) == 0 {
		res.Removed = []string{"(empty block)"}
	}
	data := append(append([]byte{}, before...), after...)
	backup := backupPath(f.Real)
	original, err := os.ReadFile(backup)
	switch {
	case err == nil:
		if bytes.Equal(data, original) || bytes.Equal(data, append(bytes.Clone(original), '\n')) {
			if err := writeAtomic(f.Real, original, f.Mode); err != nil {
				return nil, err
			}
			res.Restored = true
			return res, removeFile(backup)
		}
		res.BackupKept = backup
	case !errors.Is(err, fs.ErrNotExist):
		return nil, fmt.Errorf("setup: %w", err)
	case len(bytes.TrimSpace(data)) == 0:
		res.Deleted = true
		return res, removeFile(f.Real)
	}
	return res, writeAtomic(f.Real, data, f.Mode)
}
