package trust

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"

	"github.com/hookexec/hookexec/internal/safefile"
)

// refusedPrefix starts the pin of a file trust cannot pin by content
// (SPEC §2.4): a special file, a link it cannot follow within the project,
// a file it cannot read. A project holding one cannot be trusted.
const refusedPrefix = "refused:"

func refused(reason string) string { return refusedPrefix + reason }

// Refusal is why pin refuses its file, "" for a content hash or Absent.
// A pin of an older format (a link's text, "special:...", a read error)
// refuses too: it does not say what the file's content was.
func Refusal(pin string) string {
	switch {
	case strings.HasPrefix(pin, "sha256:"), pin == Absent:
		return ""
	case strings.HasPrefix(pin, refusedPrefix):
		return pin[len(refusedPrefix):]
	case pin == "":
		return "no pin"
	}
	return "pinned as " + pin + " by an older hookexec"
}

// Refusals lists "path: reason" for every pin that refuses its file,
// sorted; nil when every file is pinned by content or as absent.
func Refusals(pins map[string]string) []string {
	var out []string
	for rel, pin := range pins {
		if r := Refusal(pin); r != "" {
			out = append(out, Printable(rel)+": "+Printable(r))
		}
	}
	sort.Strings(out)
	return out
}

// openRegular opens path for reading without following a link in its last
// element and without blocking (a FIFO with no writer opens at once), and
// checks on the opened file that it is a regular file of at most
// MaxFileBytes. What it refuses it never reads.
func openRegular(path string) (*os.File, fs.FileInfo, error) {
	f, err := safefile.OpenNoFollow(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		_ = f.Close()
		return nil, nil, err
	}
	if !fi.Mode().IsRegular() {
		_ = f.Close()
		return nil, nil, fmt.Errorf("%w (%s)", errNotRegular, kind(fi.Mode()))
	}
	if fi.Size() > MaxFileBytes {
		_ = f.Close()
		return nil, nil, fmt.Errorf("larger than %d MiB", MaxFileBytes>>20)
	}
	return f, fi, nil
}

var errNotRegular = errors.New("not a regular file")

// kind names a file type for a refusal.
func kind(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&(fs.ModeDevice|fs.ModeCharDevice) != 0:
		return "a device"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "a special file (" + m.Type().String() + ")"
}

// refusalOf turns an error from openRegular or reading into a pin.
func refusalOf(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	if errors.Is(err, safefile.ErrSymlink) {
		return refused("a symbolic link (changed while it was read)")
	}
	if errors.Is(err, errNotRegular) {
		return refused(err.Error() + "; hookexec never reads it")
	}
	return refused("cannot be read: " + err.Error())
}

// resolve follows the links of path (absolute) and returns the file it
// reaches, which must lie inside the project (real is the canonical
// root). A path that names nothing is ("", Absent); a link that dangles,
// loops or leaves the project is ("", refusal).
func resolve(real, path string) (string, string) {
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
			if _, lerr := os.Lstat(path); lerr == nil {
				return "", refused("a symbolic link to nothing (it dangles)")
			}
			return "", Absent
		}
		if errors.Is(err, syscall.ELOOP) || strings.Contains(err.Error(), "too many links") {
			return "", refused("a loop of symbolic links")
		}
		return "", refused("cannot be resolved: " + err.Error())
	}
	if !within(real, target) {
		return "", refused("a symbolic link leaving the project (to " + target + ")")
	}
	return target, ""
}

// within reports whether path lies inside (or is) root.
func within(root, path string) bool {
	rel, err := filepath.Rel(root, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}
