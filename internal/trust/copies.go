package trust

import (
	"path/filepath"
)

// Copies gives a fire the copies of the trusted files its project hooks
// execute, so that what runs is what was hashed: the decision says which
// content was trusted, the blob store holds that content.
type Copies struct {
	Decision *Decision
	Blobs    Blobs
	// Root is the project root the decision is about.
	Root string
}

// For returns the path to run instead of the project file rel
// (slash-separated, relative to Root). ok is false when there is nothing
// to substitute: the project is not trusted by pins (untrusted with no
// kept version, or HOOKEXEC_TRUST_PROJECT=1), rel is not pinned by content, or there is no
// blob store (Windows, no data directory): the hook runs the working
// tree's file as before. When rel is pinned and no copy exists yet (a
// project trusted before copies existed), the file is copied now if it
// still has the trusted content. When it has not, the copy's path is
// returned all the same: it does not exist, so the hook fails to start
// and the changed file never runs as trusted.
func (c *Copies) For(rel string) (path string, ok bool) {
	if c == nil {
		return "", false
	}
	pins := c.Decision.runPins()
	if pins == nil {
		return "", false
	}
	pin := pins[rel]
	dst := c.Blobs.Path(pin)
	if dst == "" {
		return "", false
	}
	if c.Blobs.Verified(pin) {
		return dst, true
	}
	if src, _ := resolve(realRoot(c.Root), filepath.Join(c.Root, filepath.FromSlash(rel))); src != "" {
		_, _ = c.Blobs.Keep(src, pin)
	}
	return dst, true
}

// KeepAll copies the files rels of the project at root whose pins are in
// pins (`hookexec trust`): each is copied only if it still has its pinned
// content. It returns the paths it could not copy, with why.
func (b Blobs) KeepAll(root string, pins map[string]string, rels []string) []error {
	if b.Dir == "" {
		return nil
	}
	var errs []error
	real := realRoot(root)
	for _, rel := range rels {
		pin := pins[rel]
		if b.Path(pin) == "" {
			continue
		}
		src, _ := resolve(real, filepath.Join(root, filepath.FromSlash(rel)))
		if src == "" {
			continue
		}
		if _, err := b.Keep(src, pin); err != nil {
			errs = append(errs, err)
		}
	}
	return errs
}

func realRoot(root string) string {
	if real, err := filepath.EvalSymlinks(root); err == nil {
		return real
	}
	return root
}
