package registry

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hookexec/hookexec/internal/trust"
)

// keepTrusted loads, for a project file of a project that changed since
// it was trusted, the file's last trusted version (the bytes stored with
// the trust, not the working tree's), and keeps of its hooks only those
// whose project files are still the pinned ones: the reviewed guards keep
// running while the change waits for review, and nothing new or changed
// runs (docs/trust.md, "After an edit"). It reports whether the trusted
// version was loaded; when not (a new file, or one whose trusted bytes are
// unknown), the file is untrusted as before.
//
// A kept hook's scripts may read any file under .hookexec/ on their own
// (docs/trust.md's advice is to keep what they read there), which trust pins
// only as a whole: while an entry under .hookexec/ other than the config
// files (specs) and the test cases changed, was added or removed, every
// kept hook is held.
func keepTrusted(reg *Registry, spec fileSpec, current []byte, d *trust.Decision, root string, specs []fileSpec) bool {
	v := d.Kept()
	data, ok := v.KeptConfig(spec.projectRel, current)
	if !ok {
		return false
	}
	n := len(reg.Hooks)
	if err := decodeFile(reg, spec, len(reg.Files), data); err != nil {
		reg.Hooks = reg.Hooks[:n]
		return false
	}
	if trust.Hash(data) != trust.Hash(current) {
		reg.addPending(spec.projectRel)
		what := "changed since the project was trusted"
		if d.Earlier() != "" {
			what = "changed back to a version you trusted before, not the one you trusted last"
		}
		reg.Warnings = append(reg.Warnings, Diagnostic{Pos: Position{File: spec.path}, Severity: SeverityWarning,
			Message: what + "; the hooks of its trusted version run, nothing new or changed does; review the change with 'hookexec trust'"})
	}
	snap := &trust.Snapshot{Root: root}
	shared := sharedChange(d, specs)
	hooks := reg.Hooks[:n]
	for _, h := range reg.Hooks[n:] {
		changed := changedFiles(h, root, v, snap)
		why := "a file it names changed"
		if len(changed) == 0 && shared != "" {
			why = "a file under .hookexec/ that its scripts could read changed"
		}
		if shared != "" && !slices.Contains(changed, shared) {
			changed = append(changed, shared)
		}
		if len(changed) == 0 {
			hooks = append(hooks, h)
			continue
		}
		reg.hold(h, changed, "changed", "trusted hook held, "+why+" since the project was trusted: %s; review the change with 'hookexec trust'")
	}
	reg.Hooks = hooks
	return true
}

// sharedChange is the first entry under .hookexec/ that changed since the
// project was trusted and that any kept hook's scripts could read: not a
// config file, not a test case (.hookexec/tests/*.json, which only
// 'hookexec test' reads). "" when there is none.
func sharedChange(d *trust.Decision, specs []fileSpec) string {
	for _, rel := range d.Changed() {
		if !trust.InDir(rel) || isCaseFile(rel) || slices.ContainsFunc(specs, func(s fileSpec) bool { return s.projectRel == rel }) {
			continue
		}
		return rel
	}
	return ""
}

// isCaseFile reports whether rel is a test case file directly under
// .hookexec/tests/.
func isCaseFile(rel string) bool {
	name, ok := strings.CutPrefix(rel, casesDir)
	return ok && !strings.Contains(name, "/") && strings.HasSuffix(name, ".json")
}

// changedFiles lists the project files a hook names (by the words of its
// command line, as pinsOfNamed finds them, .hookexec/ included) whose
// content is not the one v pinned.
func changedFiles(h *Hook, root string, v *trust.Version, snap *trust.Snapshot) []string {
	var changed []string
	for _, w := range hookWords(h, root) {
		rel, path, ok := projectPathAny(w.text, w.first, root)
		if !ok || slices.Contains(changed, rel) {
			continue
		}
		pin := snap.PinFile(path)
		want, pinned := v.Pins[rel]
		if !pinned && (pin == trust.Absent || !w.file && !strings.Contains(w.text, "/")) {
			// Not pinned when trusted: absent then and now, or a plain
			// word that named nothing then (pinsOfNamed), as trust
			// itself treats them.
			continue
		}
		if !pinned || pin != want {
			changed = append(changed, rel)
		}
	}
	return changed
}

// addChanged records, when a review is pending, what changed since the
// project was trusted.
func (r *Registry) addChanged(d *trust.Decision) {
	for _, rel := range d.Changed() {
		r.addPending(rel)
	}
	slices.Sort(r.Pending)
}

// addPending records a project file that changed since the project was
// trusted, once.
func (r *Registry) addPending(path string) {
	if !slices.Contains(r.Pending, path) {
		r.Pending = append(r.Pending, path)
	}
}

// hold keeps h from running: files (project-relative) become pending, h
// is listed in Held as "TARGET (label: files)" and in HeldHooks, and a
// warning says so with message, whose %s is that listing.
func (reg *Registry) hold(h *Hook, files []string, label, message string) {
	for _, rel := range files {
		reg.addPending(rel)
	}
	held := h.Target() + " (" + label + ": " + strings.Join(files, ", ") + ")"
	reg.Held = append(reg.Held, held)
	reg.HeldHooks = append(reg.HeldHooks, h)
	reg.Warnings = append(reg.Warnings, Diagnostic{Pos: h.Pos, Severity: SeverityWarning, Message: fmt.Sprintf(message, held)})
}
