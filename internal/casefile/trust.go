package casefile

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/hookexec/hookexec/internal/dirs"
	"github.com/hookexec/hookexec/internal/registry"
	"github.com/hookexec/hookexec/internal/trust"
)

// Gate reads case files, refusing the project case files of a project that
// is not trusted (SPEC §2.4): a case file under a project's .hookexec/
// directory can run code (an inline config, a config file it names), so it
// is read only when the project's trust pins it with this content. Case
// files elsewhere are read as ReadFile reads them.
type Gate struct {
	// Getenv reads hookexec's environment (HOOKEXEC_TRUST_PROJECT, the
	// trust store's location); nil means os.Getenv.
	Getenv func(string) string

	decisions map[string]*trust.Decision // by canonical project root
}

// ReadFile reads and parses one case file. A project case file that its
// project's trust does not allow is an *Error "FILE: not trusted; review
// it and run 'hookexec trust'"; so is one of its cases that names a config
// file inside the project that the trust does not pin.
func (g *Gate) ReadFile(file string) ([]Case, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, &Error{Pos: Position{File: file}, Msg: "cannot read: " + unwrapPath(err).Error()}
	}
	roots, err := g.check(file, data)
	if err != nil {
		return nil, &Error{Pos: Position{File: file}, Msg: err.Error()}
	}
	cases, err := Parse(file, data)
	if err != nil || len(roots) == 0 {
		return cases, err
	}
	for _, c := range cases {
		for _, cfg := range c.Configs {
			if err := g.checkConfig(cfg, roots); err != nil {
				return nil, &Error{Pos: c.Pos, Msg: fmt.Sprintf("case %q: config %s: %v", c.Name, trust.Printable(cfg), err)}
			}
		}
	}
	return cases, nil
}

// check allows path with content data unless it lies under a project's
// .hookexec/ (as written, or with links resolved) and that project's trust
// does not pin it. It returns the roots of the projects it lies in.
func (g *Gate) check(path string, data []byte) ([]string, error) {
	var roots []string
	for _, p := range pathForms(path) {
		root, rel, ok, err := trust.Locate(p)
		if err != nil {
			return nil, err
		}
		if !ok {
			continue
		}
		if d := g.decide(root); !d.Allows(rel, data) {
			return nil, untrusted(d)
		}
		roots = append(roots, root)
	}
	return roots, nil
}

// checkConfig allows a config file named by a project case file only when
// it lies under the .hookexec/ directory of each of the case file's
// projects (roots) and that project's trust pins it as it is: what trust
// pins there, its review showed. A config elsewhere, outside the project
// or in it, is one the review never showed, which the case file would run.
func (g *Gate) checkConfig(path string, roots []string) error {
	forms := pathForms(path)
	rels := make([]string, len(roots))
	for i, root := range roots {
		rel, ok := underDir(root, forms)
		if !ok {
			return fmt.Errorf("outside %s%c, so 'hookexec trust' did not show or pin it: a project's case file may name only configs under its %s/ (or name it in a case file outside the project)",
				trust.Printable(filepath.Join(root, dirs.Name)), filepath.Separator, dirs.Name)
		}
		rels[i] = rel
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil // the registry reports a missing or unreadable config
	}
	for i, root := range roots {
		if d := g.decide(root); !d.Allows(rels[i], data) {
			return untrusted(d)
		}
	}
	_, err = g.check(path, data)
	return err
}

// underDir finds the first of forms (one path, as written and resolved)
// that lies under root's .hookexec/ directory, and returns it relative to
// root, slash-separated.
func underDir(root string, forms []string) (string, bool) {
	for _, p := range forms {
		rel, err := filepath.Rel(root, p)
		if err != nil {
			continue
		}
		rel = filepath.ToSlash(rel)
		if strings.HasPrefix(rel, dirs.Name+"/") {
			return rel, true
		}
	}
	return "", false
}

// pathForms are path made absolute as written and with links resolved
// (when it resolves and differs).
func pathForms(path string) []string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return []string{path}
	}
	forms := []string{abs}
	if real, err := filepath.EvalSymlinks(abs); err == nil && real != abs {
		forms = append(forms, real)
	}
	return forms
}

func (g *Gate) decide(root string) *trust.Decision {
	if d, ok := g.decisions[root]; ok {
		return d
	}
	if g.decisions == nil {
		g.decisions = map[string]*trust.Decision{}
	}
	d, _ := registry.DecideTrust(root, g.Getenv)
	g.decisions[root] = d
	return d
}

// untrusted is the refusal, with the reason when there is more to say
// than "not trusted".
func untrusted(d *trust.Decision) error {
	why := "not trusted"
	if d.Trusted {
		why += " (not pinned with this content)"
	} else if d.Why != "" && d.Why != why {
		why += " (" + d.Why + ")"
	}
	return fmt.Errorf("%s; review it and run 'hookexec trust'", why)
}
