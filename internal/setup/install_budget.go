package setup

import (
	"fmt"
	"os"
	"time"

	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/planner"
	"github.com/hookexec/hookexec/internal/registry"
	"github.com/hookexec/hookexec/internal/runner"
)

const (
	// AgentKillGrace is fire's --kill-grace in the agent formats
	// (engine.KillGrace): the time a timed-out policy gets after SIGTERM.
	AgentKillGrace = time.Second
	// timeoutMargin is added to what fire may take, for hookexec's own
	// start, loading and answer.
	timeoutMargin = 5 * time.Second
	// MinAgentTimeout is the least timeout install writes: the agents'
	// recipes' 120 s (docs/agents/).
	MinAgentTimeout = 120 * time.Second
)

// Policies are the hooks hookexec would load for a project.
type Policies struct {
	Reg        *registry.Registry
	ProjectDir string
	getenv     func(string) string
}

// LoadPolicies loads the configs fire would load for projectDir. The
// project's own files are read even before the project is trusted (as
// validate reads them: nothing runs), since once trusted they run and the
// agent's timeout must cover them.
func LoadPolicies(projectDir string, getenv func(string) string) (*Policies, error) {
	if getenv == nil {
		getenv = os.Getenv
	}
	reg, err := registry.Load(registry.Options{ProjectDir: projectDir, Getenv: getenv, ReadUntrusted: true})
	if err != nil {
		return nil, fmt.Errorf("setup: loading the hook configs: %w", err)
	}
	return &Policies{Reg: reg, ProjectDir: projectDir, getenv: getenv}, nil
}

// plan is every hook fire could run for ev, whatever the input: the
// registry's hooks for ev with their matchers and "if" rules taken off, planned as fire
// plans them (disabled hooks and duplicates dropped, each hook's
// effective timeout, sequential or not).
func (p *Policies) plan(ev event.Event) planner.Plan {
	all := &registry.Registry{Files: p.Reg.Files, Disabled: p.Reg.Disabled}
	for _, h := range p.Reg.ForEvent(ev) {
		c := *h
		c.Matcher = nil
		c.If, c.IfRule = "", nil
		all.Hooks = append(all.Hooks, &c)
	}
	environ := os.Environ()
	return planner.Build(all, ev, nil, planner.Options{
		Shell:      p.getenv("HOOKEXEC_SHELL"),
		HasProgram: func(name string) bool { return runner.HasProgram(name, environ) },
		Getenv:     p.getenv,
	})
}

// Events are the events that have at least one hook that would run.
func (p *Policies) Events() []event.Event {
	var out []event.Event
	for _, ev := range event.All() {
		if len(p.plan(ev).Steps) > 0 {
			out = append(out, ev)
		}
	}
	return out
}

// Budget is the longest time fire may take for ev in an agent format: the
// longest hook timeout plus the kill grace, or in a sequential plan the
// sum of them; 0 when no hook would run.
func (p *Policies) Budget(ev event.Event) time.Duration {
	plan := p.plan(ev)
	var total time.Duration
	for _, s := range plan.Steps {
		if plan.Sequential {
			total += s.Timeout + AgentKillGrace
		} else {
			total = max(total, s.Timeout+AgentKillGrace)
		}
	}
	return total
}

// AgentTimeout is the timeout install gives the agent's entry for ev, in
// the agent's unit: the budget plus a margin, at least 120 s, and no more
// than the agent accepts (Agent.MaxTimeout).
func (p *Policies) AgentTimeout(ag Agent, ev event.Event) int64 {
	d := max(p.Budget(ev)+timeoutMargin, MinAgentTimeout)
	if ag.MaxTimeout > 0 {
		d = min(d, ag.MaxTimeout)
	}
	return ag.Units(d)
}

// maxBudget is the longest Budget of the events ag has.
func (p *Policies) maxBudget(ag Agent) time.Duration {
	var longest time.Duration
	for _, ev := range event.All() {
		if _, ok := ag.EventKey(ev); ok {
			longest = max(longest, p.Budget(ev))
		}
	}
	return longest
}
