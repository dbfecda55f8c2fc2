package trust

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// EnvVar trusts a project for one run: "1" trusts its files as they are,
// "sha256:<hex>" only when the closure hash matches (SPEC §2.4).
const EnvVar = "HOOKEXEC_TRUST_PROJECT"

// Decision says whether a project's files may be parsed.
type Decision struct {
	Trusted bool
	// Why says, when not trusted, why not (for warnings).
	Why string
	// Via says how it was trusted: "store", "env" or "env-hash".
	Via string
	// pins are the pins in force; nil when every file is allowed
	// (HOOKEXEC_TRUST_PROJECT=1).
	pins map[string]string
	// kept is the newest trusted version when the project changed since
	// (see Kept), and changed what differs from it.
	kept    *Version
	changed []string
	// earlier is the hash of an older trusted version the project is at.
	earlier string
}

// Allows reports whether the project file rel (slash-separated, relative
// to the root) with exactly this content may be parsed. The content is
// hashed here, so what is parsed is what was pinned even if the file
// changed after the snapshot.
func (d *Decision) Allows(rel string, data []byte) bool {
	if d == nil || !d.Trusted {
		return false
	}
	if d.pins == nil {
		return true
	}
	pin, ok := d.pins[rel]
	return ok && pin == Hash(data)
}

// NamedPins computes the pins of the project files that the hooks of the
// snapshot's config files name (outside .hookexec/). Only
// HOOKEXEC_TRUST_PROJECT=sha256:<hex> needs it.
type NamedPins func(s *Snapshot) (map[string]string, error)

// Decide answers for the project at root (absolute; it need not be
// canonical). env is $HOOKEXEC_TRUST_PROJECT. A store that cannot be read
// (or that others can write) trusts nothing; the error says why and the
// decision is still usable.
func Decide(root string, store Store, env string, named NamedPins) (*Decision, error) {
	switch {
	case env == "1":
		return &Decision{Trusted: true, Via: "env"}, nil
	case strings.HasPrefix(env, "sha256:"):
		snap, err := Scan(root)
		if err != nil {
			return &Decision{Why: err.Error()}, err
		}
		pins, err := Closure(snap, named)
		if err != nil {
			return &Decision{Why: err.Error()}, err
		}
		if got := ClosureHash(pins); got != env {
			return &Decision{Why: fmt.Sprintf("%s does not match the project (%s)", EnvVar, got)}, nil
		}
		if r := Refusals(pins); len(r) > 0 {
			return &Decision{Why: refusedWhy(r)}, nil
		}
		return &Decision{Trusted: true, Via: "env-hash", pins: pins}, nil
	case env != "":
		err := fmt.Errorf("%s=%q: want 1 or sha256:<hex>; the project is not trusted", EnvVar, env)
		return &Decision{Why: err.Error()}, err
	}
	e, err := store.Load(root)
	if e == nil && err == nil {
		// The store is keyed by the canonical root; resolve links only
		// when the root as given is not there.
		if real, rerr := filepath.EvalSymlinks(root); rerr == nil && real != root {
			e, err = store.Load(real)
		}
	}
	if err != nil {
		return &Decision{Why: err.Error()}, err
	}
	if e == nil {
		return &Decision{Why: "not trusted"}, nil
	}
	// Only the version trusted last runs: an older one whose bytes are
	// written back waits for the user's review like any other change.
	if len(e.Versions) == 0 {
		return &Decision{Why: "not trusted"}, nil
	}
	last := &e.Versions[0]
	usable := Refusals(last.Pins) == nil
	if usable && unchangedSince(root, *last) {
		return &Decision{Trusted: true, Via: "store", pins: last.Pins}, nil
	}
	snap, err := Scan(root)
	if err != nil {
		return &Decision{Why: err.Error()}, err
	}
	if usable && matches(snap, *last) {
		return &Decision{Trusted: true, Via: "store", pins: last.Pins}, nil
	}
	if r := Refusals(snap.Pins()); len(r) > 0 {
		return &Decision{Why: refusedWhy(r)}, nil
	}
	d := &Decision{Why: "changed since it was trusted"}
	for _, v := range e.Versions[1:] {
		if Refusals(v.Pins) == nil && matches(snap, v) {
			d.Why = fmt.Sprintf("back at a version you trusted before (%s), not the one you trusted last", ShortPin(v.Hash))
			d.earlier = v.Hash
			break
		}
	}
	if usable {
		store.loadConfigs(e)
		d.kept = last
		d.changed = changedPaths(snap, d.kept)
	}
	return d, nil
}

// refusedWhy says which files keep a project from being trusted.
func refusedWhy(refusals []string) string {
	return "cannot be trusted: hookexec refuses " + strings.Join(refusals, "; ")
}

// unchangedSince is the fast check: every directory under .hookexec/ and
// every pinned file still has the status recorded when v was trusted. A
// directory's status changes with any entry added, removed or renamed in
// it, and a file's with any write, so nothing needs listing or reading.
// What changed just before it was trusted has no recorded status (see
// FileStat.Settled): such a directory is listed and such a file hashed.
// False means "not known": the full check decides.
func unchangedSince(root string, v Version) bool {
	if len(v.Dirs) == 0 {
		return false
	}
	h := Snapshot{Root: root} // its buffer, for hashing
	for _, rel := range v.Dirs {
		path := filepath.Join(root, filepath.FromSlash(rel))
		if _, ok := v.Stats[rel]; ok {
			if !sameStat(path, v.Stats, rel, os.Lstat) {
				return false
			}
		} else if !sameEntries(path, rel, v) {
			return false
		}
	}
	for rel, pin := range v.Pins {
		path := filepath.Join(root, filepath.FromSlash(rel))
		lstat := os.Lstat
		if !InDir(rel) {
			lstat = os.Stat // a named file is hashed through links
		}
		_, recorded := v.Stats[rel]
		switch {
		case pin == Absent:
			if _, err := os.Lstat(path); !errors.Is(err, fs.ErrNotExist) {
				return false
			}
		case recorded:
			if !sameStat(path, v.Stats, rel, lstat) {
				return false
			}
		case strings.HasPrefix(pin, "sha256:"):
			fi, err := lstat(path)
			if err != nil || !fi.Mode().IsRegular() {
				return false
			}
			if h.PinFile(path) != pin {
				return false
			}
		default:
			return false // a link or a special file: the full check
		}
	}
	return true
}

// sameEntries reports whether the directory rel holds exactly the entries
// v pins or lists in it.
func sameEntries(dir, rel string, v Version) bool {
	f, err := os.Open(dir)
	if err != nil {
		return false
	}
	names, err := f.Readdirnames(-1)
	_ = f.Close()
	if err != nil {
		return false
	}
	for _, name := range names {
		child := rel + "/" + name
		if _, ok := v.Pins[child]; !ok && !slices.Contains(v.Dirs, child) {
			return false
		}
	}
	want := 0
	for child := range v.Pins {
		if path.Dir(child) == rel {
			want++
		}
	}
	for _, child := range v.Dirs {
		if child != rel && path.Dir(child) == rel {
			want++
		}
	}
	return len(names) == want
}

// sameStat reports whether path has the status recorded for rel.
func sameStat(path string, stats map[string]FileStat, rel string, stat func(string) (os.FileInfo, error)) bool {
	want, ok := stats[rel]
	if !ok {
		return false
	}
	fi, err := stat(path)
	if err != nil {
		return false
	}
	got, ok := statOf(fi)
	return ok && got == want
}

// Closure is the snapshot's pins plus the pins of the files its hooks name.
func Closure(snap *Snapshot, named NamedPins) (map[string]string, error) {
	pins := snap.Pins()
	if named != nil {
		extra, err := named(snap)
		if err != nil {
			return nil, err
		}
		for k, v := range extra {
			if !InDir(k) {
				pins[k] = v
			}
		}
	}
	return pins, nil
}

// matches reports whether the project is in the pinned state of v:
// exactly the pinned entries under .hookexec/ (none added, none removed,
// none changed), and every other pinned file unchanged. A file whose
// status is the one recorded at trust time is not read.
func matches(snap *Snapshot, v Version) bool {
	inDir := 0
	for rel, pin := range v.Pins {
		if !InDir(rel) {
			continue
		}
		inDir++
		if !snap.unchanged(rel, v.Stats[rel]) && snap.Pin(rel) != pin {
			return false
		}
	}
	if inDir != snap.Len() {
		return false
	}
	for rel, pin := range v.Pins {
		if InDir(rel) {
			continue
		}
		path := filepath.Join(snap.Root, filepath.FromSlash(rel))
		if st, ok := StatFile(path); ok && st == v.Stats[rel] {
			continue
		}
		if snap.PinFile(path) != pin {
			return false
		}
	}
	return true
}

// StatFile is the status of the file at path (a link is followed), for
// Version.Stats; ok is false when there is none to record.
func StatFile(path string) (FileStat, bool) {
	fi, err := os.Stat(path)
	if err != nil || !fi.Mode().IsRegular() {
		return FileStat{}, false
	}
	return statOf(fi)
}
