package agents

import (
	"errors"
	"slices"
	"strings"

	"github.com/hookexec/hookexec/internal/agents/agent"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/spelling"
	"github.com/hookexec/hookexec/internal/verdict"
)

// EventName is one name of a catalogue event (SPEC §1, §9): a canonical
// name, Claude Code's, or an agent's own (agent.Agent.Events and
// agent.Agent.Aliases). Every name is an alias of its canonical event.
type EventName struct {
	// Key is the name as written in a config and on the command line.
	Key string
	// Event is the catalogue event the name stands for.
	Event event.Event
	// Agents are the agents (table order) that use the name; nil for a
	// name only the catalogue gives (hookexec's own, e.g. "BeforeTool"
	// when no agent of the table uses it).
	Agents []string
	// Family limits the name to one family of tools (an alias such as
	// Cursor's beforeShellExecution): hooks registered under it run only
	// for tools of that family; "" for every tool.
	Family agent.Family
}

// EventNames are the names of every event: the catalogue's (canonical,
// then Claude Code's), then each agent's names and aliases in table order,
// each key once (its first meaning: TestEventNamesAgree checks that the
// agents agree on it).
func EventNames() []EventName {
	var out []EventName
	index := map[string]int{}
	add := func(n EventName, agentName string) {
		if i, ok := index[n.Key]; ok {
			if agentName != "" && !slices.Contains(out[i].Agents, agentName) {
				out[i].Agents = append(out[i].Agents, agentName)
			}
			return
		}
		if agentName != "" {
			n.Agents = []string{agentName}
		}
		index[n.Key] = len(out)
		out = append(out, n)
	}
	catalogue := event.All()
	for _, ev := range catalogue {
		for _, k := range ev.Keys() {
			add(EventName{Key: k, Event: ev}, "")
		}
	}
	for _, a := range refs() {
		for _, ev := range catalogue {
			if k, ok := a.EventKey(ev); ok && k != "" {
				add(EventName{Key: k, Event: ev}, a.Name)
			}
		}
		for _, al := range a.Aliases {
			if ev, ok := event.ByKey(al.Event); ok {
				add(EventName{Key: al.Key, Event: ev, Family: al.Family}, a.Name)
			}
		}
	}
	return out
}

// EventIndex is EventNames by exact key, for readers that look up many
// keys (every config file's "hooks").
type EventIndex map[string]EventName

// NewEventIndex indexes EventNames by key.
func NewEventIndex() EventIndex {
	names := EventNames()
	idx := make(EventIndex, len(names))
	for _, n := range names {
		idx[n.Key] = n
	}
	return idx
}

// EventByKey finds the event a config key names: exact (keys are
// case-sensitive), any agent's name; Agents lists who uses it.
func EventByKey(key string) (EventName, bool) {
	for _, n := range EventNames() {
		if n.Key == key {
			return n, true
		}
	}
	return EventName{}, false
}

// EventKeys lists every event name (EventNames' keys), in order: what the
// command line accepts and completes.
func EventKeys() []string {
	names := EventNames()
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = n.Key
	}
	return out
}

// LookupEvent finds the event a command-line name names: the exact key
// first, else case-insensitively (the first name in EventNames' order);
// Agents is not filled in.
// An unknown name yields an *event.UnknownError with the closest name.
func LookupEvent(name string) (EventName, error) {
	if ev, err := event.Resolve(name); err == nil {
		// A catalogue name (most fires): no agent's name means another
		// event or limits it to a family (TestEventNamesAgree), so the
		// table need not be read. Agents is left empty.
		key := name
		for _, k := range ev.Keys() {
			if strings.EqualFold(k, name) {
				key = k
				break
			}
		}
		return EventName{Key: key, Event: ev}, nil
	}
	names := EventNames()
	for _, n := range names {
		if n.Key == name {
			return n, nil
		}
	}
	for _, n := range names {
		if strings.EqualFold(n.Key, name) {
			return n, nil
		}
	}
	return EventName{}, &event.UnknownError{Name: name, Suggestion: SuggestEvent(name)}
}

// SuggestEvent is the event name closest to name (any agent's), or "" when
// nothing is close enough to be a plausible typo; a fragment of a longer
// name also counts, as in event.Suggest.
func SuggestEvent(name string) string {
	keys := EventKeys()
	if s := spelling.Closest(name, keys, max(2, len(name)/3)); s != "" {
		return s
	}
	if len(name) >= 4 {
		lower := strings.ToLower(name)
		for _, k := range keys {
			if strings.Contains(strings.ToLower(k), lower) {
				return k
			}
		}
	}
	return ""
}

// ResolveEvent is verdict.ResolveEvent over every agent's event names: the
// event fire, serve and test run for a command-line name in format f. A
// name no agent uses is an error under the result format (with the
// closest name of any agent), and under an agent format the unknown event
// of that exact name, with a warning.
func ResolveEvent(name string, f verdict.Format) (n EventName, warning string, err error) {
	n, err = LookupEvent(name)
	if err == nil {
		return n, "", nil
	}
	ev, _, verr := verdict.ResolveEvent(name, f)
	if verr != nil {
		var unknown *event.UnknownError
		if errors.As(verr, &unknown) {
			return EventName{}, "", err // the closest name of any agent
		}
		return EventName{}, "", verr
	}
	return EventName{Key: name, Event: ev}, verdict.UnknownEventWarning(name, SuggestEvent(name)), nil
}

// Resolve is event.Resolve over every agent's names: the catalogue event
// a name given by a user or written in a command line names, in any case.
func Resolve(name string) (event.Event, error) {
	n, err := LookupEvent(name)
	return n.Event, err
}

// ByKey is event.ByKey over every agent's names: the catalogue event a
// config key names (exact).
func ByKey(key string) (event.Event, bool) {
	n, ok := EventByKey(key)
	return n.Event, ok
}
