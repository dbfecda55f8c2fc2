package setup

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// refuseTracked refuses install --http into a settings file that git
// tracks: .gitignore does not stop `git commit -a` from committing the
// serve token with a tracked file. The repository's index is read as a
// file; git is never run (a repository's config can make git run its
// code, core.fsmonitor). An index that exists but that hookexec cannot
// read (an unknown version, a split index, a damaged file) refuses too:
// whether the token would be committed cannot be told.
func refuseTracked(path string) error {
	tracked, root, rel, err := trackedByGit(path)
	switch {
	case err != nil:
		return fmt.Errorf("setup: install --http: cannot tell whether git tracks %s (in the repository at %s): %w; install would write the serve token into it: check with 'git ls-files %s', or install --user", rel, root, err, rel)
	case tracked:
		return fmt.Errorf("setup: install --http: git tracks %s (in the repository at %s), and install would write the serve token into it: .gitignore does not keep a tracked file out of 'git commit -a'; stop tracking it first (git rm --cached %s, and keep it in .gitignore), or install --user", rel, root, rel)
	}
	return nil
}

// trackedByGit reports whether the git repository holding path (found
// upward from its directory) has path in its index, with that
// repository's work tree root and path relative to it (slash-separated).
// No repository, or one without an index yet, tracks nothing; an index
// that cannot be read is an error.
func trackedByGit(path string) (tracked bool, root, rel string, err error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return false, "", path, err
	}
	root, gitDir := findGitDir(filepath.Dir(abs))
	if gitDir == "" {
		return false, "", path, nil
	}
	r, err := filepath.Rel(root, abs)
	if err != nil || strings.HasPrefix(r, "..") {
		return false, root, path, nil
	}
	rel = filepath.ToSlash(r)
	data, err := readIndex(filepath.Join(gitDir, "index"))
	if errors.Is(err, fs.ErrNotExist) {
		return false, root, rel, nil // nothing added yet
	}
	if err != nil {
		return false, root, rel, err
	}
	names, err := indexNames(data)
	if err != nil {
		// A split index's own file may name entries only by their place
		// in the shared one; what it lacks is there.
		if shared, _ := filepath.Glob(filepath.Join(gitDir, "sharedindex.*")); len(shared) > 0 {
			err = errSplitIndex
		}
		return false, root, rel, err
	}
	for _, n := range names {
		// A sparse index lists a directory out of the sparse checkout as
		// one entry ending in "/".
		if n == rel || (strings.HasSuffix(n, "/") && strings.HasPrefix(rel, n)) {
			return true, root, rel, nil
		}
	}
	return false, root, rel, nil
}

// findGitDir finds the repository holding dir: the nearest directory
// with a .git directory, or a .git file naming one ("gitdir: PATH", a
// worktree or submodule).
func findGitDir(dir string) (root, gitDir string) {
	for {
		p := filepath.Join(dir, ".git")
		if fi, err := os.Lstat(p); err == nil {
			switch {
			case fi.IsDir():
				return dir, p
			case fi.Mode().IsRegular():
				b, err := os.ReadFile(p)
				if err != nil {
					return "", ""
				}
				g, ok := strings.CutPrefix(strings.TrimSpace(string(b)), "gitdir:")
				if !ok {
					return "", ""
				}
				g = strings.TrimSpace(g)
				if !filepath.IsAbs(g) {
					g = filepath.Join(dir, g)
				}
				return dir, g
			}
			return "", ""
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", ""
		}
		dir = parent
	}
}

// maxIndex bounds the index read (a large monorepo's is tens of MiB).
const maxIndex = 256 << 20

// readIndex reads a regular index file of at most maxIndex bytes.
func readIndex(path string) ([]byte, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() || fi.Size() > maxIndex {
		return nil, fmt.Errorf("%s is not a regular file of at most %d MiB", path, maxIndex>>20)
	}
	return os.ReadFile(path)
}

var (
	errIndex      = errors.New("the git index is not one hookexec reads")
	errSplitIndex = errors.New("the git index is split (core.splitIndex): its entries are partly in a shared index hookexec does not read")
)

// indexNames are the paths of a git index (versions 2, 3 and 4), with
// SHA-1 or SHA-256 object names.
func indexNames(data []byte) ([]string, error) {
	if len(data) < 12 || !bytes.Equal(data[:4], []byte("DIRC")) {
		return nil, errIndex
	}
	version := binary.BigEndian.Uint32(data[4:8])
	if version < 2 || version > 4 {
		return nil, errIndex
	}
	n := binary.BigEndian.Uint32(data[8:12])
	names, err := indexEntries(data, version, n, 20)
	if err != nil {
		names, err = indexEntries(data, version, n, 32)
	}
	return names, err
}

// indexEntries reads n entries with object names of hashLen bytes; the
// data after them must hold at least the index's checksum.
func indexEntries(data []byte, version, n uint32, hashLen int) ([]string, error) {
	off := 12
	names := make([]string, 0, min(n, 1<<20))
	prev := ""
	for range n {
		start := off
		flagsAt := off + 40 + hashLen
		if flagsAt+2 > len(data) {
			return nil, errIndex
		}
		flags := binary.BigEndian.Uint16(data[flagsAt:])
		off = flagsAt + 2
		if version >= 3 && flags&0x4000 != 0 {
			off += 2
		}
		if off > len(data) {
			return nil, errIndex
		}
		var name string
		if version == 4 {
			strip, k := indexVarint(data[off:])
			if k == 0 || strip > uint64(len(prev)) {
				return nil, errIndex
			}
			off += k
			end := bytes.IndexByte(data[off:], 0)
			if end < 0 {
				return nil, errIndex
			}
			name = prev[:len(prev)-int(strip)] + string(data[off:off+end])
			off += end + 1
		} else {
			end := bytes.IndexByte(data[off:], 0)
			if end < 0 {
				return nil, errIndex
			}
			if l := int(flags & 0xfff); l != 0xfff && l != end {
				return nil, errIndex
			}
			name = string(data[off : off+end])
			// Padded with 1 to 8 NULs to a multiple of 8 bytes.
			off = start + (off-start+end+8)&^7
			if off > len(data) {
				return nil, errIndex
			}
		}
		names = append(names, name)
		prev = name
	}
	if len(data)-off < hashLen {
		return nil, errIndex
	}
	if splitIndex(data[off : len(data)-hashLen]) {
		return nil, errSplitIndex
	}
	return names, nil
}

// splitIndex reports whether the extensions after an index's entries
// (each a 4-byte signature and a 4-byte size) hold the split index's
// "link" extension.
func splitIndex(ext []byte) bool {
	for len(ext) >= 8 {
		if string(ext[:4]) == "link" {
			return true
		}
		size := uint64(binary.BigEndian.Uint32(ext[4:8]))
		if size > uint64(len(ext)-8) {
			return false
		}
		ext = ext[8+size:]
	}
	return false
}

// indexVarint is git's offset encoding (varint.c) of the number at the
// start of b, and the bytes it took (0: malformed).
func indexVarint(b []byte) (uint64, int) {
	if len(b) == 0 {
		return 0, 0
	}
	c := b[0]
	v := uint64(c & 127)
	i := 1
	for c&128 != 0 {
		if i >= len(b) || i > 9 {
			return 0, 0
		}
		c = b[i]
		i++
		v = ((v + 1) << 7) + uint64(c&127)
	}
	return v, i
}
