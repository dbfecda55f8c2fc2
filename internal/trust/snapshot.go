package trust

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/hookexec/hookexec/internal/dirs"
)

// Limits of what a snapshot reads, so that a hostile .hookexec/ (a huge
// file, a million files) cannot make every event slow.
const (
	MaxFiles     = 4096
	MaxFileBytes = 64 << 20
)

// Absent is the pin of a path a hook names where there is nothing.
const Absent = "absent"

// Snapshot is a project's .hookexec/ directory as it is now: every entry,
// by slash-separated path relative to the project root (e.g.
// ".hookexec/hooks.json"). An entry's pin is "sha256:<hex>" of the content
// of the regular file it is or, for a symbolic link, of the regular file
// the link reaches inside the project; a link to a directory inside the
// project stands for the files under it (".hookexec/bin/x.sh" for bin ->
// ../tools). What cannot be pinned by content (a special file, a link
// that dangles, loops or leaves the project, a file that cannot be read)
// is pinned as "refused:<reason>" (see Refusal). Pins are computed on
// demand: a file whose status matches the one recorded when it was
// trusted is not read again.
type Snapshot struct {
	Root    string
	real    string            // Root with links resolved, for resolve
	entries map[string]*entry // nil: no .hookexec/
	dirs    map[string]fs.FileInfo
	linked  map[string]bool // entries and dirs reached through a link: no recorded status
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
		if st, ok := statOf(e.info); ok && e.info.Mode().IsRegular() && !s.linked[rel] && st.Settled(now) {
			out[rel] = st
		}
	}
	for rel, info := range s.dirs {
		if st, ok := statOf(info); ok && !s.linked[rel] && st.Settled(now) {
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

// pinOf is the pin of one entry: a regular file's content, the content of
// the regular file a link reaches inside the project, else a refusal.
func (s *Snapshot) pinOf(path string, fi fs.FileInfo) string {
	switch m := fi.Mode(); {
	case m.IsRegular():
		return s.hashFile(path)
	case m&fs.ModeSymlink != 0:
		return s.PinFile(path)
	default:
		return refused(errNotRegular.Error() + " (" + kind(m) + "); hookexec never reads it")
	}
}

// Hash is the pin of content: "sha256:<hex>".
func Hash(data []byte) string {
	sum := sha256.Sum256(data)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// PinFile is the pin of the file at path (absolute, inside the project),
// as a hook that names it would reach it: links are followed within the
// project. It is the content hash of the regular file reached, Absent when
// there is nothing there, else a refusal (a special file, a link that
// dangles, loops or leaves the project, an unreadable file). It never
// blocks on a FIFO.
func (s *Snapshot) PinFile(path string) string {
	target, pin := resolve(s.realRoot(), path)
	if target == "" {
		return pin
	}
	return s.hashFile(target)
}

// realRoot is Root with links resolved, for resolve.
func (s *Snapshot) realRoot() string {
	if s.real == "" {
		s.real = s.Root
		if real, err := filepath.EvalSymlinks(s.Root); err == nil {
			s.real = real
		}
	}
	return s.real
}

// hashFile is the pin of the file at path, never following a link in its
// last element: its content hash, Absent, or a refusal.
func (s *Snapshot) hashFile(path string) string {
	_, pin := s.readFile(path, false)
	return pin
}

// readFile reads (keep) or only hashes the file at path once, returning
// what it read and the pin of exactly those bytes.
func (s *Snapshot) readFile(path string, keep bool) ([]byte, string) {
	f, _, err := openRegular(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, Absent
	}
	if err != nil {
		return nil, refusalOf(err)
	}
	defer func() { _ = f.Close() }()
	if s.buf == nil {
		s.buf = make([]byte, 16<<10)
	}
	h := sha256.New()
	var data bytes.Buffer
	w := io.Writer(onlyWriter{h})
	if keep {
		w = io.MultiWriter(onlyWriter{h}, &data)
	}
	n, err := io.CopyBuffer(w, io.LimitReader(f, MaxFileBytes+1), s.buf)
	if err != nil {
		return nil, refusalOf(err)
	}
	if n > MaxFileBytes {
		return nil, refused(fmt.Sprintf("cannot be read: larger than %d MiB", MaxFileBytes>>20))
	}
	return data.Bytes(), "sha256:" + hex.EncodeToString(h.Sum(nil))
}

// Read returns the content of the file rel under .hookexec/, read once:
// its pin becomes the hash of exactly these bytes, so what a review shows
// is what it pins. A link is followed (within the
// project) only with follow: the registry reads no config file through a
// link, but hookexec test reads case files through one. A special file is
// never read. ok is false when nothing was read.
func (s *Snapshot) Read(rel string, follow bool) (data []byte, ok bool) {
	e := s.entries[rel]
	if e == nil {
		return nil, false
	}
	path := e.path
	switch m := e.info.Mode(); {
	case m&fs.ModeSymlink != 0 && follow:
		target, pin := resolve(s.realRoot(), path)
		if target == "" {
			e.pin = pin
			return nil, false
		}
		path = target
	case !m.IsRegular():
		return nil, false
	}
	data, e.pin = s.readFile(path, true)
	return data, strings.HasPrefix(e.pin, "sha256:")
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
		_, _ = fmt.Fprintf(h, "%s\x00%s\n", k, pins[k]) // a hash.Hash never fails a write
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
	return rel == dirs.Name || strings.HasPrefix(rel, dirs.Name+"/")
}

// Paths returns the entries' paths, sorted.
func (s *Snapshot) Paths() []string {
	return slices.Sorted(maps.Keys(s.entries))
}
