package registry

import (
	"os"
	"path/filepath"

	"github.com/hookexec/hookexec/internal/trust"
)

// projectGate asks the trust package, once per load and only when a
// project file exists, whether the project's files may be parsed.
type projectGate struct {
	dir    string // the project directory ("" = working directory)
	getenv func(string) string

	decided  bool
	decision *trust.Decision
	// storeErr is a problem with the store or HOOKEXEC_TRUST_PROJECT,
	// reported once as a warning.
	storeErr error
}

// allows reports whether the project file rel with content data may be
// parsed, and if not the warning to give.
func (g *projectGate) allows(rel string, data []byte) (bool, string) {
	g.trusted()
	if g.decision.Allows(rel, data) {
		return true, ""
	}
	why := "not trusted"
	if g.decision.Trusted {
		why = "not trusted (changed while being read)"
	} else if g.decision.Why != "" && g.decision.Why != why {
		why += " (" + g.decision.Why + ")"
	}
	return false, why + "; review it and run 'hookexec trust'"
}

// trusted reports whether the project is trusted (deciding once).
func (g *projectGate) trusted() bool {
	if !g.decided {
		g.decided = true
		g.decision, g.storeErr = DecideTrust(g.dir, g.getenv)
	}
	return g.decision.Trusted
}

// DecideTrust decides whether the project in dir ("" = the working
// directory) is trusted (SPEC §2.4): by $HOOKEXEC_TRUST_PROJECT outside an agent (trust.EnvValue), else by
// the trust store. The decision is always usable; the error is a problem
// worth a warning (a store others can write, a bad variable).
func DecideTrust(dir string, getenv func(string) string) (*trust.Decision, error) {
	if getenv == nil {
		getenv = os.Getenv
	}
	if dir == "" {
		wd, err := os.Getwd()
		if err != nil {
			return &trust.Decision{Why: err.Error()}, err
		}
		dir = wd
	}
	root, err := filepath.Abs(dir)
	if err != nil {
		return &trust.Decision{Why: err.Error()}, err
	}
	env, ignored := trust.EnvValue(getenv)
	d, err := trust.Decide(root, trust.OpenStore(getenv), env, namedPins)
	if ignored != "" && !d.Trusted && err == nil {
		if d.Why == "not trusted" {
			d.Why = ignored
		} else {
			d.Why += "; " + ignored
		}
	}
	return d, err
}
