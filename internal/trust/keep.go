package trust

import (
	"path/filepath"
	"slices"
)

// Kept is, when the project changed since it was trusted, the newest
// version the user trusted: its config files' bytes and its pins, so that
// the hooks of that version whose files are unchanged keep running while
// the change waits for review (docs/trust.md). nil otherwise.
func (d *Decision) Kept() *Version {
	if d == nil || d.Trusted {
		return nil
	}
	return d.kept
}

// Pending reports whether the project has a trusted version but changed
// since: a review is pending.
func (d *Decision) Pending() bool { return d.Kept() != nil }

// KeptConfig returns the trusted bytes of the config file rel: those
// stored with the version, else current when it is still the pinned
// content (an entry written before the bytes were stored). ok is false
// when the file is new or changed and its trusted bytes are not known.
func (v *Version) KeptConfig(rel string, current []byte) (data []byte, ok bool) {
	if v == nil {
		return nil, false
	}
	if data, ok := v.Configs[rel]; ok {
		return data, true
	}
	if pin, ok := v.Pins[rel]; ok && current != nil && pin == Hash(current) {
		return current, true
	}
	return nil, false
}

// runPins are the pins of what runs: the trusted version's, or while a
// review is pending the kept version's (its unchanged hooks run from the
// trusted copies too); nil when nothing is pinned.
func (d *Decision) runPins() map[string]string {
	switch {
	case d == nil:
		return nil
	case d.Trusted:
		return d.pins
	case d.Kept() != nil:
		return d.kept.Pins
	}
	return nil
}

// Changed lists, when a review is pending, the pinned paths that differ
// from the kept version: entries under .hookexec/ added, removed or
// changed, and named files that changed (sorted, relative to the root).
func (d *Decision) Changed() []string {
	if d.Kept() == nil {
		return nil
	}
	return d.changed
}

// changedPaths compares the project as snap scanned it with v.
func changedPaths(snap *Snapshot, v *Version) []string {
	cur := snap.Pins()
	var out []string
	for rel, pin := range cur {
		if v.Pins[rel] != pin {
			out = append(out, rel)
		}
	}
	for rel, pin := range v.Pins {
		if InDir(rel) {
			if _, ok := cur[rel]; !ok {
				out = append(out, rel)
			}
		} else if snap.PinFile(filepath.Join(snap.Root, filepath.FromSlash(rel))) != pin {
			out = append(out, rel)
		}
	}
	slices.Sort(out)
	return out
}

// Earlier is, when the project is pending, the hash of the older trusted
// version it matches (its bytes were written back), "" otherwise.
func (d *Decision) Earlier() string {
	if d.Kept() == nil {
		return ""
	}
	return d.earlier
}

// Pinned reports whether the project file rel (slash-separated, relative
// to the root) has a pin among those in force: the trusted version's, or
// the kept one's while a review is pending. Trusted with every file
// allowed (HOOKEXEC_TRUST_PROJECT=1), every file is.
func (d *Decision) Pinned(rel string) bool {
	pins := d.runPins()
	if pins == nil {
		return d != nil && d.Trusted
	}
	_, ok := pins[rel]
	return ok
}
