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
	"time"

	"github.com/hookexec/hookexec/internal/dirs"
	"github.com/hookexec/hookexec/internal/safefile"
)

// MaxVersions is how many trusted versions of one project the store keeps,
// so that switching between reviewed branches needs no new trust.
const MaxVersions = 5

// maxEntryBytes bounds an entry file (5 versions of 4096 pins fit).
const maxEntryBytes = 16 << 20

// Store is the trust store: one 0600 JSON file per trusted project in a
// directory only the user can write (SPEC §2.4).
type Store struct {
	// Dir is ${XDG_DATA_HOME:-$HOME/.local/share}/hookexec/trust (on
	// Windows %LOCALAPPDATA% instead of $HOME/.local/share); "" when no
	// variable locates it (nothing is trusted).
	Dir string
}

// Entry is what the store holds for one project.
type Entry struct {
	Root string `json:"root"`
	// Versions are the trusted versions, newest first.
	Versions []Version `json:"versions"`
}

// Version is one trusted state of a project.
type Version struct {
	// Hash is ClosureHash(Pins).
	Hash      string    `json:"hash"`
	TrustedAt time.Time `json:"trustedAt"`
	// Pins maps every pinned path (relative to the root, slash-separated)
	// to its pin: every entry under .hookexec/ and every project file a
	// hook names.
	Pins map[string]string `json:"pins"`
	// Stats are the status of the pinned regular files and of the
	// directories under .hookexec/ when they were trusted (only those
	// unchanged for a while); a file with the same status is not hashed
	// again, and when every directory and file has its status the
	// project is checked without listing a directory (see FileStat).
	Stats map[string]FileStat `json:"stats,omitempty"`
	// Dirs are the directories under .hookexec/ (itself included).
	Dirs []string `json:"dirs,omitempty"`
	// Commands are the hook commands as the user saw them, so that the
	// next trust can show what changed.
	Commands []string `json:"commands,omitempty"`
	// Configs are the bytes of the project's config files as they were
	// trusted (by path relative to the root), so that when the project
	// changes its last trusted hooks keep running (docs/trust.md). They are
	// stored beside the entry (writeConfigs), so that the entry keeps the
	// format a previous release reads, and loaded only when needed
	// (loadConfigs); entries trusted before have none.
	Configs map[string][]byte `json:"configs,omitempty"`
}

// NewVersion makes the version of a project whose pins, file status,
// directories under .hookexec/ and hook commands are these.
func NewVersion(pins map[string]string, stats map[string]FileStat, dirs, commands []string, now time.Time) Version {
	return Version{Hash: ClosureHash(pins), TrustedAt: now.UTC(), Pins: pins, Stats: stats, Dirs: dirs, Commands: commands}
}

// OpenStore locates the store from the environment. On Windows, without
// XDG_DATA_HOME, it is %LOCALAPPDATA%\hookexec\trust (the machine's own
// application data, which does not roam to other machines).
func OpenStore(getenv func(string) string) Store {
	data := dirs.UserData(getenv)
	if data == "" {
		return Store{}
	}
	return Store{Dir: filepath.Join(data, "trust")}
}

// storeVars names the variables that locate the store, for the error
// when none is set.
func storeVars() string {
	xdg, fallback := dirs.UserDataVars()
	return "neither " + xdg + " nor " + fallback + " is set"
}

// entryPath is the file of root's entry.
func (s Store) entryPath(root string) string {
	sum := sha256.Sum256([]byte(root))
	return filepath.Join(s.Dir, hex.EncodeToString(sum[:16])+".json")
}

// checkDirs refuses a store that others can write: the trust directory
// must be the user's (or root's) and writable by no one else, as each
// entry must be (readEntry). Whoever could replace the directory through
// a writable parent could not give the replacement the user's ownership.
// A missing directory is no error (exists false).
func (s Store) checkDirs() (exists bool, err error) {
	if s.Dir == "" {
		return false, errors.New("trust: no store (" + storeVars() + ")")
	}
	fi, err := os.Lstat(s.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("trust: store: %w", err)
	}
	if !fi.IsDir() {
		return false, fmt.Errorf("trust: store %s is not a directory", s.Dir)
	}
	if err := safefile.CheckOwner(s.Dir, fi); err != nil {
		return false, fmt.Errorf("trust: store refused: %w", err)
	}
	return true, nil
}

// Load returns root's entry, nil when the project was never trusted.
func (s Store) Load(root string) (*Entry, error) {
	if ok, err := s.checkDirs(); !ok || err != nil {
		return nil, err
	}
	e, err := readEntry(s.entryPath(root))
	if e != nil && e.Root != root {
		// Another project's entry under this name (a copy or a link):
		// it says nothing about this project.
		return nil, fmt.Errorf("trust: store entry %s is for %s, not %s", s.entryPath(root), e.Root, root)
	}
	return e, err
}

func readEntry(path string) (*Entry, error) {
	data, err := readStoreFile(path)
	if data == nil || err != nil {
		return nil, err
	}
	e, err := decodeEntry(data)
	if err != nil {
		return nil, fmt.Errorf("trust: store entry %s: %w", path, err)
	}
	return e, nil
}

// readStoreFile reads a file of the store: a regular file of the user's
// (or root's) that others cannot write, of at most maxEntryBytes. A
// missing file is nil data and no error.
func readStoreFile(path string) ([]byte, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("trust: %w", err)
	}
	defer func() { _ = f.Close() }()
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("trust: %w", err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("trust: store entry %s is not a regular file", path)
	}
	if err := safefile.CheckOwner(path, fi); err != nil {
		return nil, fmt.Errorf("trust: store refused: %w", err)
	}
	if fi.Size() > maxEntryBytes {
		return nil, fmt.Errorf("trust: store entry %s is larger than %d MiB", path, maxEntryBytes>>20)
	}
	// One read of the whole file (and one that finds its end): the entry
	// is read on every event of a trusted project.
	data := make([]byte, 0, fi.Size()+1)
	for {
		n, err := f.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF || n == 0 && err == nil {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("trust: %w", err)
		}
		if len(data) == cap(data) {
			if len(data) > maxEntryBytes {
				return nil, fmt.Errorf("trust: store entry %s is larger than %d MiB", path, maxEntryBytes>>20)
			}
			data = append(data, 0)[:len(data)]
		}
	}
	return data, nil
}

// Add records v as the newest trusted version of root (dropping an equal
// older one and any beyond MaxVersions) and returns the previous newest
// version, if any.
func (s Store) Add(root string, v Version) (prev *Version, err error) {
	if s.Dir == "" {
		_, err := s.checkDirs()
		return nil, err
	}
	if err := os.MkdirAll(s.Dir, 0o700); err != nil {
		return nil, fmt.Errorf("trust: store: %w", err)
	}
	if _, err := s.checkDirs(); err != nil {
		return nil, err
	}
	e, err := readEntry(s.entryPath(root))
	if err != nil {
		return nil, err
	}
	if e == nil {
		e = &Entry{Root: root}
	}
	if len(e.Versions) > 0 {
		p := e.Versions[0]
		prev = &p
	}
	versions := []Version{v}
	for _, old := range e.Versions {
		if old.Hash != v.Hash && len(versions) < MaxVersions {
			versions = append(versions, old)
		}
	}
	e.Versions = versions
	return prev, s.write(e)
}

// write replaces root's entry atomically with a 0600 file, and the file
// of its versions' config bytes (writeConfigs) before it.
func (s Store) write(e *Entry) error {
	if err := s.writeConfigs(e); err != nil {
		return err
	}
	return s.writeFile(s.entryPath(e.Root), encodeEntry(e))
}

// writeFile replaces the store file at path atomically with a 0600 file.
func (s Store) writeFile(path string, data []byte) error {
	tmp, err := os.CreateTemp(s.Dir, ".entry-*")
	if err != nil {
		return fmt.Errorf("trust: store: %w", err)
	}
	defer func() { _ = os.Remove(tmp.Name()) }() // gone after a successful rename
	if _, err := tmp.Write(data); err != nil {
		_ = tmp.Close()
		return fmt.Errorf("trust: store: %w", err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("trust: store: %w", err)
	}
	if err := os.Chmod(tmp.Name(), 0o600); err != nil {
		return fmt.Errorf("trust: store: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("trust: store: %w", err)
	}
	return nil
}

// RemoveVersion revokes one trusted version of root, the one whose
// closure hash is hash, and keeps the others; left is how many remain.
// The last version's removal removes the entry, as Remove does. The
// entry keeps its format, so the previous release reads it.
func (s Store) RemoveVersion(root, hash string) (left int, err error) {
	if ok, err := s.checkDirs(); err != nil {
		return 0, err
	} else if !ok {
		return 0, fmt.Errorf("trust: %s is not trusted", root)
	}
	e, err := readEntry(s.entryPath(root))
	if err != nil {
		return 0, err
	}
	if e == nil || e.Root != root || e.Find(hash) == nil {
		return 0, fmt.Errorf("trust: %s has no trusted version %s", root, hash)
	}
	e.Versions = slices.DeleteFunc(e.Versions, func(v Version) bool { return v.Hash == hash })
	if len(e.Versions) == 0 {
		_, err := s.Remove(root)
		return 0, err
	}
	return len(e.Versions), s.write(e)
}

// Remove deletes root's entry; removed is false when there was none.
func (s Store) Remove(root string) (removed bool, err error) {
	if ok, err := s.checkDirs(); !ok || err != nil {
		return false, err
	}
	_ = os.Remove(s.configsPath(root))
	err = os.Remove(s.entryPath(root))
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("trust: store: %w", err)
	}
	return true, nil
}

// List returns every entry, sorted by root.
func (s Store) List() ([]*Entry, error) {
	if ok, err := s.checkDirs(); !ok || err != nil {
		return nil, err
	}
	names, err := filepath.Glob(filepath.Join(s.Dir, "*.json"))
	if err != nil {
		return nil, fmt.Errorf("trust: store: %w", err)
	}
	var out []*Entry
	for _, n := range names {
		if strings.HasPrefix(filepath.Base(n), ".") {
			continue
		}
		e, err := readEntry(n)
		if err != nil {
			return nil, err
		}
		if e != nil {
			out = append(out, e)
		}
	}
	slices.SortFunc(out, func(a, b *Entry) int { return strings.Compare(a.Root, b.Root) })
	return out, nil
}
