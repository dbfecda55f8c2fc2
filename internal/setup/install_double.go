package setup

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hookexec/hookexec/internal/agents"
)

// An agent that also runs another agent's hook settings (Agent.AlsoRuns:
// Cursor and Copilot CLI run Claude Code's) would run every policy twice
// when hookexec is installed for both in a scope it reads: once through
// its own entry, once through the other agent's. install refuses that
// second set of entries unless --double-fire; doctor reports it.

// doubleFire is one such pair: runner runs the hook settings of both
// agents; installed is the agent hookexec is already installed for, at
// path.
type doubleFire struct {
	runner, installed Agent
	path              string
}

// doubleFires finds, for hookexec installed (or being installed) for ag in
// scope, the agents already installed in that scope whose entries the
// same agent would run besides ag's.
func doubleFires(ag Agent, scope Scope, projectDir, home, self string, getenv func(string) string) []doubleFire {
	var out []doubleFire
	for _, other := range agents.All() {
		if other.Name == ag.Name || !other.HasScope(scope) || scope == UserScope && home == "" {
			continue
		}
		var runner Agent
		switch {
		case slices.Contains(ag.AlsoRuns, other.Name):
			runner = ag
		case slices.Contains(other.AlsoRuns, ag.Name):
			runner = other
		default:
			continue
		}
		for _, path := range settingsPaths(other, scope, projectDir, home, getenv) {
			if as, err := readInstalled(other, scope, path, self); err == nil && as.managed() {
				out = append(out, doubleFire{runner: runner, installed: other, path: path})
				break
			}
		}
	}
	return out
}

// message says what the pair costs, for install (adding ag) or doctor.
func (f doubleFire) message(ag Agent) string {
	ranBy := f.installed.Title
	if f.runner.Name == f.installed.Name {
		ranBy = ag.Title
	}
	return fmt.Sprintf("%s also runs %s's hooks, and hookexec is installed for %s in %s: with %s's entries too, %s runs every policy twice (twice the time, every side effect twice)",
		f.runner.Title, ranBy, f.installed.Title, f.path, ag.Title, f.runner.Title)
}

// checkDoubleFire refuses an install that would make an agent run
// hookexec twice, and says how to choose.
func checkDoubleFire(opts InstallOptions, path string) error {
	if opts.DoubleFire {
		return nil
	}
	home, _ := HomeDir(opts.Getenv)
	fires := doubleFires(opts.Agent, opts.Scope, opts.ProjectDir, home, opts.Program, opts.Getenv)
	if len(fires) == 0 {
		return nil
	}
	var b strings.Builder
	for _, f := range fires {
		fmt.Fprintf(&b, "setup: %s; nothing was changed.\n", f.message(opts.Agent))
		if f.runner.Name == opts.Agent.Name {
			fmt.Fprintf(&b, "%s already runs your policies through %s's entries (answered in %s's format). To use %s's own entries instead, run 'hookexec uninstall %s' first (%s then runs no policy), ",
				opts.Agent.Title, f.installed.Title, f.installed.Format, opts.Agent.Title, f.installed.Name, f.installed.Title)
		} else {
			fmt.Fprintf(&b, "To guard %s, run 'hookexec uninstall %s' first: %s then runs your policies through %s's entries, ",
				opts.Agent.Title, f.installed.Name, f.runner.Title, opts.Agent.Title)
		}
		fmt.Fprintf(&b, "or install with --double-fire to keep both (%s then runs every policy twice)", f.runner.Title)
	}
	return fmt.Errorf("%s", b.String())
}

// doubleFireCheck is doctor's: no agent runs hookexec twice.
func (d *agentDoctor) doubleFireCheck() Check {
	c := Check{Name: d.name("double-fire")}
	var found []string
	for _, s := range []Scope{ProjectScope, UserScope} {
		if !d.ag.HasScope(s) || !slices.ContainsFunc(d.files, func(f *agentSettings) bool { return f.scope == s && f.managed() }) {
			continue
		}
		for _, f := range doubleFires(d.ag, s, d.opts.ProjectDir, d.home, d.opts.Program, d.opts.Getenv) {
			found = append(found, f.message(d.ag))
		}
	}
	if len(found) > 0 {
		c.Detail = strings.Join(found, "\n")
		c.Fix = "keep one of the two: 'hookexec uninstall AGENT' for the agent whose entries you do not want"
		return c
	}
	c.OK = true
	c.Detail = "no agent runs hookexec twice"
	return c
}

// runsOrIsRun reports whether ag runs another agent's hook settings, or
// another agent runs ag's: only then can hookexec run twice.
func runsOrIsRun(ag Agent) bool {
	if len(ag.AlsoRuns) > 0 {
		return true
	}
	return slices.ContainsFunc(agents.All(), func(o Agent) bool { return slices.Contains(o.AlsoRuns, ag.Name) })
}
