package trust

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
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

// Snapshot is a project's .hookexec/ directory as it is now: every entry,
// by slash-separated path relative to the project root (e.g.
// ".hookexec/hooks.json"). An entry's pin is "sha256:<hex>" for a regular
// file, "symlink:<target>" for a symbolic link (never followed), and
// "special:<type>" for anything else (a FIFO, a device, a socket). Pins
// are computed on demand: a file whose status matches the one recorded
// when it was trusted is not read again.
type Snapshot struct {
	Root    string
	entries map[string]*entry // nil: no .hookexec/
	dirs    map[string]fs.FileInfo
	buf     []byte
}

type entry struct {
	path string
	info fs.FileInfo
	pin  string
}

// Exists reports whether the project has a .hookexec/ directory.
func (s *Snapshot) Exists() bool { return s.entries != nil }

// Len is the number of entries.
func (s *Snapshot) Len() int { return len(s.entries) }

// Scan walks root's .hookexec/ directory. root should be canonical (see
// Canonical). A missing directory gives an empty snapshot (Exists false).
// Nothing is read but directory listings and file status.
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
	s.entries = map[string]*entry{}
	s.dirs = map[string]fs.FileInfo{}
	if !fi.IsDir() {
		s.entries[DirName] = &entry{path: dir, info: fi}
		return s, nil
	}
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return fmt.Errorf("trust: %w", err)
		}
		if len(s.entries)+len(s.dirs) >= MaxFiles {
			return fmt.Errorf("trust: %s holds more than %d files; hookexec pins at most that many", dir, MaxFiles)
		}
		info, err := d.Info()
		if err != nil {
			return fmt.Errorf("trust: %w", err)
		}
		rel := DirName
		if path != dir {
			rel += "/" + filepath.ToSlash(path[len(dir)+1:])
		}
		if d.IsDir() {
			s.dirs[rel] = info
			return nil
		}
		s.entries[rel] = &entry{path: path, info: info}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s, nil
}

// Pin returns the pin of the entry rel ("" if there is none).
func (s *Snapshot) Pin(rel string) string {
	e := s.entries[rel]
	if e == nil {
		return ""
	}
	if e.pin == "" {
		e.pin = s.pinOf(e.path, e.info)
	}
	return e.pin
}

// Pins returns the pin of every entry (reading every file).
func (s *Snapshot) Pins() map[string]string {
	out := make(map[string]string, len(s.entries))
	for rel := range s.entries {
		out[rel] = s.Pin(rel)
	}
	return out
}

// Stats returns the status of every regular file and directory that has
// not changed for a while (its ctime is over a second old), for
// Version.Stats. One changed within the last second is left out: its
// status could still match after one more change in the same clock tick.
func (s *Snapshot) Stats(now time.Time) map[string]FileStat {
	out := map[string]FileStat{}
	for rel, e := range s.entries {
		if st, ok := statOf(e.info); ok && e.info.Mode().IsRegular() && st.Settled(now) {
			out[rel] = st
		}
	}
	for rel, info := range s.dirs {
		if st, ok := statOf(info); ok && st.Settled(now) {
			out[rel] = st
		}
	}
	return out
}

// Dirs returns the directories under .hookexec/ (itself included), sorted.
func (s *Snapshot) Dirs() []string {
	return slices.Sorted(maps.Keys(s.dirs))
}

// unchanged reports whether entry rel still has the recorded status.
func (s *Snapshot) unchanged(rel string, recorded FileStat) bool {
	e := s.entries[rel]
	if e == nil || recorded == (FileStat{}) {
		return false
	}
	st, ok := statOf(e.info)
	return ok && st == recorded
}

// pinOf is the pin of one directory entry (never following a link).
func (s *Snapshot) pinOf(path string, fi fs.FileInfo) string {
	switch m := fi.Mode(); {
	case m.IsRegular():
		h, err := s.hashFile(path)
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
	var s Snapshot
	return s.hashFile(path)
}

func (s *Snapshot) hashFile(path string) (string, error) {
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
	if s.buf == nil {
		s.buf = make([]byte, 16<<10)
	}
	h := sha256.New()
	if _, err := io.CopyBuffer(onlyWriter{h}, io.LimitReader(f, MaxFileBytes+1), s.buf); err != nil {
		return "", err
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil)), nil
}

// onlyWriter hides the hash's other methods so io.CopyBuffer uses the
// given buffer.
type onlyWriter struct{ h hash.Hash }

func (w onlyWriter) Write(p []byte) (int, error) { return w.h.Write(p) }

// ClosureHash is the hash of a whole set of pins (a project's .hookexec/
// files plus the files its hooks name): what `hookexec trust --print-hash`
// prints and HOOKEXEC_TRUST_PROJECT=sha256:<hex> is compared with.
func ClosureHash(pins map[string]string) string {
	h := sha256.New()
	for _, k := range slices.Sorted(maps.Keys(pins)) {
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
