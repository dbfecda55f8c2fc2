package registry

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/hookexec/hookexec/internal/dirs"
	"github.com/hookexec/hookexec/internal/trust"
)

// TrustAsking shows the review on out (the files, the hooks, what changed
// since the last trusted version) and trusts the project, as `hookexec
// trust` and `init` do: at once when ask is nil, else when ask returns nil
// (ask's error, a refusal, is returned as it is and nothing is recorded).
// A project already trusted at this version is recorded again without
// asking. The warnings about the copies of its files go to warn.
func (r *Review) TrustAsking(getenv func(string) string, out, warn io.Writer, ask func() error) error {
	if !r.HasProjectFiles() {
		return fmt.Errorf("nothing to trust: %s has no %s/ directory (or it is empty)", r.Root, dirs.Name)
	}
	if refused := r.Refused(); len(refused) > 0 {
		r.WriteText(out)
		return fmt.Errorf("not trusted: %s cannot be trusted while hookexec refuses %s (a link must reach a regular file inside the project; replace or remove these files)",
			r.Root, strings.Join(refused, "; "))
	}
	store := trust.OpenStore(getenv)
	entry, err := store.Load(r.Root)
	if err != nil {
		return err
	}
	v := r.Version(time.Now())
	r.WriteText(out)

	if old := entry.Find(r.Hash); old != nil {
		fmt.Fprintf(out, "already trusted: this is the version trusted at %s\n", trust.Stamp(old.TrustedAt))
		newest := &entry.Versions[0] == old
		// Recorded again all the same: the files' status is refreshed,
		// so the check on each event reads less (trust.FileStat).
		if err := r.trustWarning(store, v, warn); err != nil {
			return err
		}
		if !newest {
			fmt.Fprintln(out, "it is the newest trusted version again")
		}
		return nil
	}
	if entry != nil && len(entry.Versions) > 0 {
		prev := entry.Versions[0]
		fmt.Fprintf(out, "changed since the version trusted at %s (%s):\n", trust.Stamp(prev.TrustedAt), trust.ShortPin(prev.Hash))
		trust.Compare(prev, v).WriteText(out, v.Pins)
	}
	if ask != nil {
		if err := ask(); err != nil {
			return err
		}
	}
	if err := r.trustWarning(store, v, warn); err != nil {
		return err
	}
	fmt.Fprintf(out, "trusted %s (%s)\n", r.Root, trust.ShortPin(r.Hash))
	return nil
}

// trustWarning trusts version v (Trust) and writes the warnings about the
// copies of its files to warn.
func (r *Review) trustWarning(store trust.Store, v trust.Version, warn io.Writer) error {
	warnings, err := r.Trust(store, v)
	for _, w := range warnings {
		fmt.Fprintf(warn, "hookexec: warning: %v\n", w)
	}
	return err
}

// WriteTrustedProjects writes `trust --list`: each trusted project with its
// versions on out, or "no trusted projects" on none.
func WriteTrustedProjects(getenv func(string) string, out, none io.Writer) error {
	projects, err := TrustedProjects(getenv)
	if err != nil {
		return err
	}
	if len(projects) == 0 {
		fmt.Fprintln(none, "no trusted projects")
		return nil
	}
	for _, p := range projects {
		for _, l := range p.Lines() {
			fmt.Fprintln(out, l)
		}
	}
	return nil
}
