package setup

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/event"
)

// installEvents are the events to set up, in catalogue order.
func installEvents(ag Agent, names []string, pol *Policies) ([]event.Event, error) {
	var chosen []event.Event
	add := func(ev event.Event) {
		if !slices.ContainsFunc(chosen, func(e event.Event) bool { return e.Name == ev.Name }) {
			chosen = append(chosen, ev)
		}
	}
	switch {
	case names != nil:
		for _, n := range names {
			if strings.TrimSpace(n) == "" {
				continue
			}
			ev, err := eventOf(ag, strings.TrimSpace(n))
			if err != nil {
				return nil, fmt.Errorf("--events: %w", err)
			}
			if !hasEvent(ag, ev) {
				return nil, fmt.Errorf("--events: %s has no %s event", ag.Title, n)
			}
			add(ev)
		}
		if len(chosen) == 0 {
			return nil, fmt.Errorf("--events: no event given")
		}
	default:
		for _, ev := range pol.Events() {
			if hasEvent(ag, ev) {
				add(ev)
			}
		}
		if len(chosen) == 0 {
			for _, key := range ag.DefaultEvents {
				if ev, ok := agentEvent(ag, key); ok {
					add(ev)
				}
			}
		} else {
			// SessionStart is where the agent tells the user that the
			// project's hooks are skipped until trusted.
			if ev, _ := agents.ByKey("SessionStart"); hasEvent(ag, ev) {
				add(ev)
			}
		}
	}
	order := map[string]int{}
	for i, ev := range event.All() {
		order[ev.Name] = i
	}
	slices.SortFunc(chosen, func(a, b event.Event) int { return order[a.Name] - order[b.Name] })
	return chosen, nil
}

// hasEvent reports whether the agent has ev: a name for it, or names for
// it per family of tools (Agent.InstallKeys).
func hasEvent(ag Agent, ev event.Event) bool {
	return len(ag.InstallKeys(ev)) > 0
}

// agentEvent is the catalogue event the agent names key: the one whose
// agent key (or per-family key) it is.
func agentEvent(ag Agent, key string) (event.Event, bool) {
	for _, ev := range event.All() {
		if slices.Contains(ag.InstallKeys(ev), key) {
			return ev, true
		}
	}
	return event.Event{}, false
}

// eventOf is the catalogue event an entry or --events names: the agent's
// own name of it (Agent.Events), else any name the catalogue knows.
func eventOf(ag Agent, name string) (event.Event, error) {
	if ev, ok := agentEvent(ag, name); ok {
		return ev, nil
	}
	return agents.Resolve(name)
}
