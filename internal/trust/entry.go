package trust

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"
)

// Find returns the version of e whose closure hash is hash, nil when none
// is.
func (e *Entry) Find(hash string) *Version {
	if e == nil {
		return nil
	}
	for i := range e.Versions {
		if e.Versions[i].Hash == hash {
			return &e.Versions[i]
		}
	}
	return nil
}

// ListLine is the line of `hookexec trust --list` for e: root, number of
// versions, the newest version's short hash and time, and status (trusted,
// changed or missing: how the project compares with the store now).
func (e *Entry) ListLine(status string) string {
	n := len(e.Versions)
	versions := fmt.Sprintf("%d versions", n)
	if n == 1 {
		versions = "1 version"
	}
	newest := "-"
	if n > 0 {
		v := e.Versions[0]
		newest = ShortPin(v.Hash) + " " + v.TrustedAt.UTC().Format(time.RFC3339)
	}
	return fmt.Sprintf("%s  %s  %s  %s", Printable(e.Root), versions, newest, status)
}

// Locate finds the project a file belongs to when its path lies under a
// project's .hookexec/ directory. The path is read as written (made
// absolute and clean, links not followed): root is the canonical form of
// the directory holding its first .hookexec component, rel the rest of the
// path (slash-separated, starting with ".hookexec"). ok is false for a
// path under no .hookexec/ directory. A caller that follows links should
// also locate the resolved path.
func Locate(path string) (root, rel string, ok bool, err error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return "", "", false, fmt.Errorf("trust: %w", err)
	}
	parts := strings.Split(filepath.ToSlash(abs), "/")
	for i, p := range parts {
		if p != DirName || i == 0 {
			continue
		}
		dir := filepath.FromSlash(strings.Join(parts[:i], "/"))
		if dir == "" || strings.HasSuffix(dir, ":") { // "/" or a Windows volume
			dir += string(filepath.Separator)
		}
		if root, err = Canonical(dir); err != nil {
			return "", "", false, err
		}
		return root, strings.Join(parts[i:], "/"), true, nil
	}
	return "", "", false, nil
}
