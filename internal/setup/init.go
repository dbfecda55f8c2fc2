package setup

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/hookexec/hookexec/internal/dirs"
)

//go:embed scaffold
var scaffold embed.FS

// LocalConfig is the project config that stays on one machine: init adds
// it to .gitignore.
const LocalConfig = dirs.Name + "/hooks.local.json"

// Status says what init did with one file.
type Status string

const (
	// Created: the file did not exist and was written.
	Created Status = "created"
	// Kept: the file exists and was left as it is (init never overwrites).
	Kept Status = "kept"
	// Appended: the line was added to the existing .gitignore.
	Appended Status = "appended"
	// Present: .gitignore already has the line.
	Present Status = "present"
	// Skipped: the file could not be used; Note says why.
	Skipped Status = "skipped"
)

// FileResult is what init did with one file, named relative to the
// project root with forward slashes.
type FileResult struct {
	Path   string
	Status Status
	Note   string
}

// InitResult is what Init did: the project root (absolute) and each file.
type InitResult struct {
	Root  string
	Files []FileResult
}

// Init scaffolds a project in dir (created if missing): .hookexec/hooks.json
// (with a "$schema" reference) whose one hook is a rules hook using the
// built-in pack hookexec:default (evaluated in hookexec's process: no
// shell, on every platform), its test cases in .hookexec/tests/, and
// LocalConfig in .gitignore. An existing file is
// never overwritten: it is kept and reported, and the rest is still
// written. A .hookexec, or a directory under it, that is not a real
// directory (a symbolic link, a file) is an error before anything is
// written: hookexec reads only regular files under .hookexec/.
func Init(dir string) (InitResult, error) {
	root, err := filepath.Abs(dir)
	if err != nil {
		return InitResult{}, fmt.Errorf("init: %w", err)
	}
	res := InitResult{Root: root}
	if err := os.MkdirAll(root, 0o755); err != nil {
		return res, fmt.Errorf("init: %w", err)
	}
	var files []string
	err = fs.WalkDir(scaffold, "scaffold", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = append(files, strings.TrimPrefix(p, "scaffold/"))
		}
		return err
	})
	if err != nil {
		return res, fmt.Errorf("init: %w", err)
	}
	for _, rel := range files {
		if err := realDirs(root, path.Join(dirs.Name, path.Dir(rel))); err != nil {
			return res, err
		}
	}
	for _, rel := range files {
		r, err := writeScaffoldFile(root, rel)
		if err != nil {
			return res, err
		}
		res.Files = append(res.Files, r)
	}
	r, err := ignoreLocalConfig(root)
	if err != nil {
		return res, err
	}
	res.Files = append(res.Files, r)
	return res, nil
}

// realDirs creates rel (slash-separated, under root) and each directory
// above it, and fails if one exists and is not a directory.
func realDirs(root, rel string) error {
	cur := root
	for _, part := range strings.Split(rel, "/") {
		if part == "." || part == "" {
			continue
		}
		cur = filepath.Join(cur, part)
		fi, err := os.Lstat(cur)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			if err := os.Mkdir(cur, 0o755); err != nil {
				return fmt.Errorf("init: %w", err)
			}
		case err != nil:
			return fmt.Errorf("init: %w", err)
		case !fi.IsDir():
			return fmt.Errorf("init: %s is not a directory (a symbolic link or a file); hookexec reads only regular files in real directories under .hookexec/", cur)
		}
	}
	return nil
}

// writeScaffoldFile writes the embedded scaffold/rel to
// <root>/.hookexec/rel unless something exists there.
func writeScaffoldFile(root, rel string) (FileResult, error) {
	name := path.Join(dirs.Name, rel)
	data, err := scaffold.ReadFile("scaffold/" + rel)
	if err != nil {
		return FileResult{}, fmt.Errorf("init: %w", err)
	}
	created, err := createNew(filepath.Join(root, filepath.FromSlash(name)), data, 0o644)
	if err != nil {
		return FileResult{}, err
	}
	if !created {
		return FileResult{Path: name, Status: Kept, Note: "exists; not overwritten"}, nil
	}
	return FileResult{Path: name, Status: Created}, nil
}

// createNew writes data to a new file p; created is false when anything
// (a file, a symbolic link, even a dangling one) is already at p.
func createNew(p string, data []byte, mode os.FileMode) (created bool, err error) {
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, mode)
	if errors.Is(err, fs.ErrExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("init: %w", err)
	}
	if _, err := f.Write(data); err != nil {
		_ = f.Close()
		return true, fmt.Errorf("init: %s: %w", p, err)
	}
	if err := f.Close(); err != nil {
		return true, fmt.Errorf("init: %s: %w", p, err)
	}
	return true, nil
}
