package trust

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"time"
)

// Stamp is how trust and untrust print the time a version was trusted.
func Stamp(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// EntryRoot is the store key of the project in dir: its canonical path,
// or for a project that is gone the absolute path it had.
func EntryRoot(dir string) (string, error) {
	root, err := Canonical(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return filepath.Abs(dir)
	}
	return root, err
}

// Untrust removes the project at root, every trusted version of it, then
// prunes the copies no one pins any more; a failed prune comes back as a
// warning, the removal stands.
func (s Store) Untrust(root string) (removed bool, warning, err error) {
	if removed, err = s.Remove(root); err != nil {
		return false, nil, err
	}
	return removed, BlobsOf(s).Prune(s), nil
}

// Revoke removes the trusted version of root that sel names (Entry.Select)
// and keeps the others, then prunes the copies as Untrust does. It returns
// the version revoked and how many are left.
func (s Store) Revoke(root, sel string) (revoked Version, left int, warning, err error) {
	e, err := s.Load(root)
	if err != nil {
		return Version{}, 0, nil, err
	}
	if e == nil {
		return Version{}, 0, nil, fmt.Errorf("%s is not trusted", root)
	}
	v, err := e.Select(sel)
	if err != nil {
		return Version{}, 0, nil, err
	}
	revoked = *v
	if left, err = s.RemoveVersion(root, revoked.Hash); err != nil {
		return Version{}, 0, nil, err
	}
	return revoked, left, BlobsOf(s).Prune(s), nil
}
