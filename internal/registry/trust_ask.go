package registry

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/hookexec/hookexec/internal/dirs"
	"github.com/hookexec/hookexec/internal/termstyle"
	"github.com/hookexec/hookexec/internal/trust"
)

// TrustAsking shows the review on out (the files, the hooks, what changed
// since the last trusted version) and trusts the project, as `hookexec
// trust` and `init` do: at once when ask is nil, else when ask returns nil
// (ask's error, a refusal, is returned as it is and nothing is recorded).
// A project already trusted at this version is recorded again without
// asking. The warnings about the copies of its files go to warn. A review
// that could not be written to out is not trusted; a line after the trust
// is recorded that could not be written is returned after it. s colours
// out: the review, "trusted" in green, what changed in yellow.
func (r *Review) TrustAsking(getenv func(string) string, out, warn io.Writer, s termstyle.Style, ask func() error) error {
	var werr error // the first failed write to out
	printf := func(format string, args ...any) {
		if werr == nil {
			_, werr = fmt.Fprintf(out, format, args...)
		}
	}
	written := func() error {
		if werr == nil {
			return nil
		}
		return fmt.Errorf("writing the review: %w", werr)
	}
	if !r.HasProjectFiles() {
		return fmt.Errorf("nothing to trust: %s has no %s/ directory (or it is empty)", r.Root, dirs.Name)
	}
	if err := r.RefusedError(); err != nil {
		_ = r.WriteText(out, s) // the refusal is the error either way
		return err
	}
	store := trust.OpenStore(getenv)
	entry, err := store.Load(r.Root)
	if err != nil {
		return err
	}
	v := r.Version(time.Now())
	werr = r.WriteText(out, s)
	if werr != nil {
		return written()
	}

	if old := entry.Find(r.Hash); old != nil {
		printf("%s: this is the version trusted at %s\n", s.OK("already trusted"), trust.Stamp(old.TrustedAt))
		newest := &entry.Versions[0] == old
		// Recorded again all the same: the files' status is refreshed,
		// so the check on each event reads less (trust.FileStat).
		if err := r.trustWarning(store, v, warn); err != nil {
			return err
		}
		if !newest {
			printf("it is the newest trusted version again\n")
		}
		return written()
	}
	if entry != nil && len(entry.Versions) > 0 {
		prev := entry.Versions[0]
		printf("%s the version trusted at %s (%s):\n", s.Warn("changed since"), trust.Stamp(prev.TrustedAt), trust.ShortPin(prev.Hash))
		if werr == nil {
			werr = trust.Compare(prev, v).WriteText(out, v.Pins)
		}
		if werr != nil {
			return written()
		}
	}
	if ask != nil {
		if err := ask(); err != nil {
			return err
		}
	}
	if err := r.trustWarning(store, v, warn); err != nil {
		return err
	}
	printf("%s %s (%s)\n", s.OK("trusted"), r.Root, trust.ShortPin(r.Hash))
	return written()
}

// trustWarning trusts version v (Trust) and writes the warnings about the
// copies of its files to warn.
func (r *Review) trustWarning(store trust.Store, v trust.Version, warn io.Writer) error {
	warnings, err := r.Trust(store, v)
	for _, w := range warnings {
		_, _ = fmt.Fprintf(warn, "hookexec: warning: %v\n", w) // nowhere else to say it
	}
	return err
}

// WriteTrustedProjects writes `trust --list`: each trusted project with its
// versions on out (coloured by s), or "no trusted projects" on none.
func WriteTrustedProjects(getenv func(string) string, out, none io.Writer, s termstyle.Style) error {
	projects, err := TrustedProjects(getenv)
	if err != nil {
		return err
	}
	if len(projects) == 0 {
		_, err := fmt.Fprintln(none, "no trusted projects")
		return err
	}
	var b strings.Builder
	for _, p := range projects {
		for _, l := range p.Lines(s) {
			b.WriteString(l + "\n")
		}
	}
	if _, err := io.WriteString(out, b.String()); err != nil {
		return fmt.Errorf("writing the list: %w", err)
	}
	return nil
}
