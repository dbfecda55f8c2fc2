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
	"runtime"
	"strings"

	"github.com/hookexec/hookexec/internal/safefile"
)

// Blobs is the store of copies of trusted files (SPEC §2.4): one
// read-only file per content, named by its SHA-256, in a directory only the
// user can open. A hook runs the copy of a script it names, so what runs is
// exactly what was hashed when the project was trusted, whatever happens to
// the working tree afterwards.
type Blobs struct {
	// Dir is the blobs directory next to the trust store's
	// (${XDG_DATA_HOME:-$HOME/.local/share}/hookexec/blobs); "" when the
	// store has no directory (nothing is copied).
	Dir string
}

// CopiesSupported is false on Windows: there hooks run the working tree's
// files, not copies (a directory's ACLs are not checked the way
// a 0700 mode is, and a running script cannot be replaced by rename).
const CopiesSupported = runtime.GOOS != "windows"

// BlobsOf is the blob store that goes with the trust store s.
func BlobsOf(s Store) Blobs {
	if s.Dir == "" || !CopiesSupported {
		return Blobs{}
	}
	return Blobs{Dir: filepath.Join(filepath.Dir(s.Dir), "blobs")}
}

// Path is where the copy of the content pinned as pin ("sha256:<hex>")
// lives; "" for a pin that is not a content hash.
func (b Blobs) Path(pin string) string {
	hexsum, ok := strings.CutPrefix(pin, "sha256:")
	if b.Dir == "" || !ok || len(hexsum) != sha256.Size*2 || strings.Trim(hexsum, "0123456789abcdef") != "" {
		return ""
	}
	return filepath.Join(b.Dir, hexsum)
}

// Verified reports whether the copy of pin exists and still has that
// content: a regular file, reached without a link, that hashes to pin.
func (b Blobs) Verified(pin string) bool {
	path := b.Path(pin)
	if path == "" {
		return false
	}
	f, _, err := openRegular(path)
	if err != nil {
		return false
	}
	defer func() { _ = f.Close() }()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return false
	}
	return "sha256:"+hex.EncodeToString(h.Sum(nil)) == pin
}

// Keep stores a copy of the file at path (absolute; links already
// resolved by the caller) when its content is pin: it reads the file once,
// without following a link or blocking, and writes what it read only if
// those bytes hash to pin. It returns the copy's path. A file that no
// longer has the pinned content is not copied (errChanged).
func (b Blobs) Keep(path, pin string) (string, error) {
	dst := b.Path(pin)
	if dst == "" {
		return "", fmt.Errorf("trust: no copy of %s: no blob directory or not a content pin", Printable(path))
	}
	if b.Verified(pin) {
		return dst, nil
	}
	f, _, err := openRegular(path)
	if err != nil {
		return "", fmt.Errorf("trust: copy %s: %w", Printable(path), err)
	}
	defer func() { _ = f.Close() }()
	data, err := io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	if err != nil {
		return "", fmt.Errorf("trust: copy %s: %w", Printable(path), err)
	}
	if Hash(data) != pin {
		return "", fmt.Errorf("trust: copy %s: %w", Printable(path), errChanged)
	}
	return dst, b.write(dst, data)
}

var errChanged = errors.New("changed since it was hashed")

// write puts data at dst through a temporary file in the same directory
// and a rename, so a copy is never seen half written and never written
// through a link. Copies are 0500: read-only, executable by the user.
func (b Blobs) write(dst string, data []byte) error {
	if err := os.MkdirAll(b.Dir, 0o700); err != nil {
		return fmt.Errorf("trust: blobs: %w", err)
	}
	if fi, err := os.Lstat(b.Dir); err != nil || !fi.IsDir() {
		return fmt.Errorf("trust: blobs: %s is not a directory", Printable(b.Dir))
	} else if err := safefile.CheckOwner(b.Dir, fi); err != nil || fi.Mode().Perm()&0o077 != 0 {
		if err == nil {
			err = fmt.Errorf("mode %04o: others can open it (want 0700)", fi.Mode().Perm())
		}
		return fmt.Errorf("trust: blobs: %s: %w", Printable(b.Dir), err)
	}
	tmp, err := os.CreateTemp(b.Dir, ".tmp-*")
	if err != nil {
		return fmt.Errorf("trust: blobs: %w", err)
	}
	_, werr := tmp.Write(data)
	if err := errors.Join(werr, tmp.Chmod(0o500), tmp.Close()); err != nil {
		_ = os.Remove(tmp.Name())
		return fmt.Errorf("trust: blobs: %w", err)
	}
	if err := os.Rename(tmp.Name(), dst); err != nil {
		_ = os.Remove(tmp.Name())
		return fmt.Errorf("trust: blobs: %w", err)
	}
	return nil
}

// Prune removes the copies whose content no trusted version of any project
// pins any more (after untrust, or when a version falls out of the last
// MaxVersions), so the blob store stays bounded by the trust store.
func (b Blobs) Prune(s Store) error {
	if b.Dir == "" {
		return nil
	}
	entries, err := s.List()
	if err != nil {
		return err // keep every copy when it is unknown which are used
	}
	used := map[string]bool{}
	for _, e := range entries {
		for _, v := range e.Versions {
			for _, pin := range v.Pins {
				used[pin] = true
			}
		}
	}
	names, err := os.ReadDir(b.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("trust: blobs: %w", err)
	}
	var errs []error
	for _, n := range names {
		if !strings.HasPrefix(n.Name(), ".") && !used["sha256:"+n.Name()] {
			if err := os.Remove(filepath.Join(b.Dir, n.Name())); err != nil && !errors.Is(err, fs.ErrNotExist) {
				errs = append(errs, err)
			}
		}
	}
	return errors.Join(errs...)
}
