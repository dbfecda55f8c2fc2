package registry

import (
	"os"
	"path/filepath"

	"github.com/hookexec/hookexec/internal/dirs"
	"github.com/hookexec/hookexec/internal/termstyle"
	"github.com/hookexec/hookexec/internal/trust"
)

// TrustedProject is one project of the trust store as `trust --list`
// shows it.
type TrustedProject struct {
	Entry *trust.Entry
	// Status is "trusted", "changed" (the project is at no trusted
	// version) or "missing" (it has no .hookexec/ directory any more).
	Status string
	// Current is the hash of the trusted version the project is at; ""
	// unless Status is "trusted".
	Current string
	// Earlier is the hash of an older trusted version the project is back
	// at, which does not run until trusted again; "" when none.
	Earlier string
}

// TrustedProjects lists the projects of the trust store that getenv
// locates, each with its status. The status is the store's answer,
// whatever HOOKEXEC_TRUST_PROJECT says.
func TrustedProjects(getenv func(string) string) ([]TrustedProject, error) {
	entries, err := trust.OpenStore(getenv).List()
	if err != nil {
		return nil, err
	}
	storeOnly := func(name string) string {
		if name == trust.EnvVar {
			return ""
		}
		return getenv(name)
	}
	out := make([]TrustedProject, 0, len(entries))
	for _, e := range entries {
		p := TrustedProject{Entry: e, Status: "missing"}
		if fi, err := os.Stat(filepath.Join(e.Root, dirs.Name)); err == nil && fi.IsDir() {
			p.Status = "changed"
			d, _ := DecideTrust(e.Root, storeOnly)
			if d.Trusted {
				p.Status, p.Current = "trusted", d.CurrentHash()
			}
			p.Earlier = d.Earlier()
		}
		out = append(out, p)
	}
	return out, nil
}

// Lines are the project's lines in `trust --list`: the project, then each
// trusted version, newest first; s colours the status (trusted green,
// changed yellow, missing red).
func (p TrustedProject) Lines(s termstyle.Style) []string {
	status := s.Fail(p.Status)
	switch p.Status {
	case "trusted":
		status = s.OK(p.Status)
	case "changed":
		status = s.Warn(p.Status)
	}
	return append([]string{p.Entry.ListLine(status)}, p.Entry.VersionLines(p.Current, p.Earlier)...)
}
