package trust

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/hookexec/hookexec/internal/dirs"
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
		if p != dirs.Name || i == 0 {
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

// VersionLines are the lines that follow e's ListLine in `hookexec trust
// --list`: one per trusted version, newest first, numbered as `hookexec
// untrust --version N` takes them, with the time it was trusted, its
// closure hash and "(current)" for the version the project has now
// (current is that hash, "" when the project matches none), or "(current,
// not trusted last: it does not run)" for an older version it is back at
// (earlier, see Decision.Earlier).
func (e *Entry) VersionLines(current, earlier string) []string {
	out := make([]string, 0, len(e.Versions))
	for i, v := range e.Versions {
		line := fmt.Sprintf("  %d  %s  %s", i+1, v.TrustedAt.UTC().Format(time.RFC3339), v.Hash)
		switch {
		case current != "" && v.Hash == current:
			line += "  (current)"
		case earlier != "" && v.Hash == earlier:
			line += "  (current, not trusted last: it does not run)"
		}
		out = append(out, line)
	}
	return out
}

// Select finds the version sel names: its number in VersionLines (1 is the
// newest), or its closure hash or a prefix of it of at least 8 hex digits
// after "sha256:" that only one version has.
func (e *Entry) Select(sel string) (*Version, error) {
	n := 0
	if e != nil {
		n = len(e.Versions)
	}
	if i, err := strconv.Atoi(sel); err == nil {
		if i < 1 || i > n {
			return nil, fmt.Errorf("trust: no version %d (the project has %d trusted versions; see 'hookexec trust --list')", i, n)
		}
		return &e.Versions[i-1], nil
	}
	hex, ok := strings.CutPrefix(sel, "sha256:")
	if !ok || len(hex) < 8 {
		return nil, fmt.Errorf("trust: version %q: want its number in 'hookexec trust --list' or sha256: and at least 8 hex digits of its hash", sel)
	}
	var found *Version
	for i := 0; i < n; i++ {
		if strings.HasPrefix(e.Versions[i].Hash, sel) {
			if found != nil {
				return nil, fmt.Errorf("trust: version %q: more than one version has this prefix; give more of the hash", sel)
			}
			found = &e.Versions[i]
		}
	}
	if found == nil {
		return nil, fmt.Errorf("trust: no trusted version has hash %s", sel)
	}
	return found, nil
}

// CurrentHash is the closure hash of the store version the decision
// trusted the project by, "" when it was not trusted by the store.
func (d *Decision) CurrentHash() string {
	if d == nil || !d.Trusted || d.Via != "store" || d.pins == nil {
		return ""
	}
	return ClosureHash(d.pins)
}
