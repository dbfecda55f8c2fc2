package registry

import (
	"slices"

	"github.com/hookexec/hookexec/internal/agents"
	"github.com/hookexec/hookexec/internal/event"
	"github.com/hookexec/hookexec/internal/jsonpos"
	"github.com/hookexec/hookexec/internal/spelling"
)

// ownEventKeys are the event names the file's agent fires: its names of
// the catalogue's events and its aliases; nil in the native dialect.
func (d *fileDecoder) ownEventKeys() []string {
	if d.agent.Events == nil {
		return nil
	}
	var keys []string
	for _, ev := range event.All() {
		if k, ok := d.agent.EventKey(ev); ok && !slices.Contains(keys, k) {
			keys = append(keys, k)
		}
	}
	for _, a := range d.agent.Aliases {
		if !slices.Contains(keys, a.Key) {
			keys = append(keys, a.Key)
		}
	}
	return keys
}

// suggestEvent is the known name closest to an unknown event key: among the
// names of the file's agent first (so that a Copilot file's "preToolUs" is
// told "preToolUse", not another agent's name), else among every agent's.
func (d *fileDecoder) suggestEvent(key string) string {
	if own := d.ownEventKeys(); own != nil {
		if s := spelling.Closest(key, own, max(2, len(key)/3)); s != "" {
			return s
		}
	}
	return agents.SuggestEvent(key)
}

// foreignEvent warns, for validate, about a key that names a known event by
// a name the file's agent does not fire (BeforeTool in .claude/): hookexec
// runs those hooks when it loads the file, but the agent itself never
// does. It says the agent's own name of the event.
func (d *fileDecoder) foreignEvent(m jsonpos.Member, ev event.Event) {
	own := d.ownEventKeys()
	if d.lint == nil || own == nil || slices.Contains(own, m.Key) {
		return
	}
	if k, ok := d.agent.EventKey(ev); ok {
		d.advise(m.KeyOff, "%s does not fire %q (its name for the event is %q): it never runs these hooks itself, only hookexec does when it loads this file", d.agent.Title, m.Key, k)
		return
	}
	d.advise(m.KeyOff, "%s has no %s event: it never runs these hooks itself, only hookexec does when it loads this file", d.agent.Title, m.Key)
}
