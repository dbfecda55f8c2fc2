package trust

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// DirName is the project directory whose every file is pinned.
const DirName = ".hookexec"

// Limits of what a snapshot reads, so that a hostile .hookexec/ (a huge
// file, a million files) cannot make every event slow.
const (
	MaxFiles     = 4096
	MaxFileBytes = 64 << 20
)

// Pin values that are not content hashes.
const (
	Absent  = "absent"
	symlink = "symlink:"
	special = "special:"
)

// Snapshot is a project's .hookexec/ directory as it is now: every entry
// (slash-separated path relative to the project root, e.g.
// ".hookexec/hooks.json") with its pin: "sha256:<hex>" for a regular
// file, "symlink:<target>" for a symbolic link (never followed), and
// "special:<type>" for anything else (a FIFO, a device, a socket).
type Snapshot struct {
	Root  string
	Files map[string]string
}

// Exists reports whether the project has a .hookexec/ directory.
func (s *Snapshot) Exists() bool { return s.Files != nil }

// Scan walks root's .hookexec/ directory. root should be canonical (see
// Canonical). A missing directory gives an empty snapshot (Exists false).
func Scan(root string) (*Snapshot, error) {
	s := &Snapshot{Root: root}
	dir := filepath.Join(root, DirName)
	fi, err := os.Lstat(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return nil, fmt.Errorf("trust: %w", err)
	}
	s.Files = map[string]string{}
	if !fi.IsDir() {
		s.Files[DirName] = pinOf(dir, fi)
		return s, nil
	}
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return fmt.Errorf("trust: %w", err)
		}
		if d.IsDir() {
			return nil
		}
		if len(s.Files) >= MaxFiles {
			return fmt.Errorf("trust: %s holds more than %d files; hookexec pins at most that many", dir, MaxFiles)
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return fmt.Errorf("trust: %w", err)
		}
		info, err := d.Info()
		if err != nil {
			return fmt.Errorf("trust: %w", err)
		}
		s.Files[filepath.ToSlash(rel)] = pinOf(path, info)
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s, nil
}

// pinOf is the pin of one directory entry (never following a link).
func pinOf(path string, fi fs.FileInfo) string {
	switch m := fi.Mode(); {
	case m.IsRegular():
		h, err := HashFile(path)
		if err != nil {
			return "unreadable:" + err.Error()
		}
		return h
	case m&fs.ModeSymlink != 0:
		target, _ := os.Readlink(path)
		return symlink + target
	default:
		return special + m.Type().String()
	}
}

// Hash is the pin of content: "sha256:<hex>".
func Hash(data []byte) string {
	sum := sha256.Sum256(data)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// HashFile is the pin of a file inside the project named by a hook: its
// content hash if it is a regular file (a link is followed), Absent when
// there is nothing there, "special:..." for anything else.
func HashFile(path string) (string, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Absent, nil
	}
	if err != nil {
		return "", err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return "", err
	}
	if !fi.Mode().IsRegular() {
		return special + fi.Mode().Type().String(), nil
	}
	if fi.Size() > MaxFileBytes {
		return "", fmt.Errorf("larger than %d MiB", MaxFileBytes>>20)
	}
	h := sha256.New()
	if _, err := io.Copy(h, io.LimitReader(f, MaxFileBytes+1)); err != nil {
		return "", err
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil)), nil
}

// ClosureHash is the hash of a whole set of pins (a project's .hookexec/
// files plus the files its hooks name): what `hookexec trust --print-hash`
// prints and HOOKEXEC_TRUST_PROJECT=sha256:<hex> is compared with.
func ClosureHash(pins map[string]string) string {
	keys := make([]string, 0, len(pins))
	for k := range pins {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	h := sha256.New()
	for _, k := range keys {
		fmt.Fprintf(h, "%s\x00%s\n", k, pins[k])
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

// Canonical is the project root the store is keyed by: absolute, clean,
// with symbolic links resolved.
func Canonical(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", fmt.Errorf("trust: %w", err)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return "", fmt.Errorf("trust: %w", err)
	}
	return real, nil
}

// InDir reports whether rel (slash-separated, relative to the root) lies
// under .hookexec/.
func InDir(rel string) bool {
	return rel == DirName || strings.HasPrefix(rel, DirName+"/")
}
