package trust

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/hookexec/hookexec/internal/dirs"
)

// Scan walks root's .hookexec/ directory. root should be canonical (see
// Canonical). A missing directory gives an empty snapshot (Exists false).
// Nothing is read but directory listings and file status. A link to a
// directory inside the project is walked as if the directory were there,
// so that a link cannot hide files from the pins: its files are pinned by
// content under the link's name. One that leaves the project or holds itself is an entry, refused.
func Scan(root string) (*Snapshot, error) {
	s := &Snapshot{Root: root, real: root}
	if real, err := filepath.EvalSymlinks(root); err == nil {
		s.real = real
	}
	dir := filepath.Join(root, dirs.Name)
	fi, err := os.Lstat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return nil, fmt.Errorf("trust: %w", err)
	}
	s.entries = map[string]*entry{}
	s.dirs = map[string]fs.FileInfo{}
	s.linked = map[string]bool{}
	if !fi.IsDir() {
		s.entries[dirs.Name] = &entry{path: dir, info: fi}
		return s, nil
	}
	return s, s.walk(dir, dirs.Name, false, map[string]bool{})
}

// walk adds the tree at dir under the name rel. linked says it is reached
// through a link; open holds the real directories being walked (a link
// back to one of them is a loop).
func (s *Snapshot) walk(dir, rel string, linked bool, open map[string]bool) error {
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return fmt.Errorf("trust: %w", err)
	}
	open[real] = true
	defer delete(open, real)
	return filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return fmt.Errorf("trust: %w", err)
		}
		if len(s.entries)+len(s.dirs) >= MaxFiles {
			return fmt.Errorf("trust: %s holds more than %d files; hookexec pins at most that many", filepath.Join(s.Root, dirs.Name), MaxFiles)
		}
		info, err := d.Info()
		if err != nil {
			return fmt.Errorf("trust: %w", err)
		}
		name := rel
		if path != dir {
			name += "/" + filepath.ToSlash(path[len(dir)+1:])
		}
		if linked {
			s.linked[name] = true
		}
		switch {
		case d.IsDir():
			s.dirs[name] = info
		case info.Mode()&fs.ModeSymlink != 0:
			return s.link(path, name, info, open)
		default:
			s.entries[name] = &entry{path: path, info: info}
		}
		return nil
	})
}

// link adds the link at path: a link to a directory inside the project is
// walked, anything else is an entry that pinOf resolves.
func (s *Snapshot) link(path, name string, info fs.FileInfo, open map[string]bool) error {
	target, pin := resolve(s.real, path)
	if target == "" {
		s.entries[name] = &entry{path: path, info: info, pin: pin}
		return nil
	}
	tfi, err := os.Stat(target)
	if err != nil || !tfi.IsDir() {
		s.entries[name] = &entry{path: path, info: info}
		return nil
	}
	if holdsOpen(target, open) {
		s.entries[name] = &entry{path: path, info: info, pin: refused("a symbolic link to a directory that holds it (a loop)")}
		return nil
	}
	s.linked[name] = true
	return s.walk(target, name, true, open)
}

// holdsOpen reports whether target is, or holds, a directory being walked.
func holdsOpen(target string, open map[string]bool) bool {
	for d := range open {
		if within(target, d) {
			return true
		}
	}
	return false
}
