package setup

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"time"

	"github.com/hookexec/hookexec/internal/agents"
)

// DoctorOptions are doctor's inputs.
type DoctorOptions struct {
	// ProjectDir is the project (absolute).
	ProjectDir string
	// Getenv reads HOME, PATH and what config discovery reads; nil:
	// os.Getenv.
	Getenv func(string) string
	// Agents are the agents to check; nil: those whose settings files
	// have hookexec entries, else those whose settings files exist.
	Agents []Agent
	// Program and Version are this hookexec binary and its version: an
	// entry's binary must report the same.
	Program, Version string
	// GOOS and GOARCH are the platform ("": this one's).
	GOOS, GOARCH string
	// Serve checks install --http's token and server; nil: doctor checks
	// only its entries.
	Serve *ServeProbe
	// GuardOffs reads the decision log's records with a guard off; nil:
	// the log is not read.
	GuardOffs GuardOffs
}

// Check is one thing doctor checked. Fix says what to do when it failed.
type Check struct {
	Name   string `json:"name"`
	OK     bool   `json:"ok"`
	Detail string `json:"detail"`
	Fix    string `json:"fix"`
}

// Report is doctor's result: OK when every check passed.
type Report struct {
	OK     bool    `json:"ok"`
	Checks []Check `json:"checks"`
}

func (r *Report) add(c Check) {
	r.Checks = append(r.Checks, c)
}

// Doctor checks each way the setup can fail open: the platform, the
// configs, the project's trust, and for each agent its settings, the
// binary its entries run, the events they cover, their timeouts and
// policies that would run twice.
func Doctor(ctx context.Context, opts DoctorOptions) *Report {
	if opts.Getenv == nil {
		opts.Getenv = os.Getenv
	}
	if opts.GOOS == "" {
		opts.GOOS, opts.GOARCH = runtime.GOOS, runtime.GOARCH
	}
	r := &Report{}
	r.add(platformCheck(opts.GOOS, opts.GOARCH))
	pol, err := LoadPolicies(opts.ProjectDir, opts.Getenv)
	r.add(configCheck(ctx, opts, pol, err))
	r.add(trustCheck(opts))
	home, _ := HomeDir(opts.Getenv)
	agents := opts.Agents
	if agents == nil {
		agents = agentsToCheck(opts.ProjectDir, home, opts.Program, opts.Getenv)
	}
	if len(agents) == 0 {
		r.add(Check{
			Name:   "agents",
			Detail: fmt.Sprintf("no settings file of %s in %s or %s", agentTitles(), opts.ProjectDir, home),
			Fix:    "run 'hookexec install claude' in the project (or for another agent: " + agentNames() + ")",
		})
	}
	for _, ag := range agents {
		newAgentDoctor(ag, opts, home, pol).checks(ctx, r)
	}
	r.add(guardOffCheck(opts, time.Now()))
	r.OK = true
	for _, c := range r.Checks {
		r.OK = r.OK && c.OK
	}
	return r
}

// agentsToCheck are the agents whose settings (project or user) have
// hookexec entries; else those whose settings files exist.
func agentsToCheck(projectDir, home, self string, getenv func(string) string) []Agent {
	var withEntries, existing []Agent
	for _, ag := range agents.All() {
		found, has := false, false
		for _, s := range []Scope{ProjectScope, UserScope} {
			if s == UserScope && home == "" || !ag.HasScope(s) {
				continue
			}
			for _, path := range settingsPaths(ag, s, projectDir, home, getenv) {
				as, err := readInstalled(ag, s, path, self)
				found = found || err != nil || as != nil
				has = has || as != nil && len(as.fires)+len(as.ensures) > 0
			}
		}
		if has {
			withEntries = append(withEntries, ag)
		}
		if found {
			existing = append(existing, ag)
		}
	}
	if len(withEntries) > 0 {
		return withEntries
	}
	return existing
}

// agentTitles names the agents of the table: "Claude Code, Gemini CLI or
// LLxprt Code".
func agentTitles() string {
	var titles []string
	for _, ag := range agents.All() {
		titles = append(titles, ag.Title)
	}
	return agents.OrList(titles)
}

// agentNames lists the agents' names as install takes them: "claude, gemini
// or llxprt".
func agentNames() string { return agents.OrList(agents.Names()) }
