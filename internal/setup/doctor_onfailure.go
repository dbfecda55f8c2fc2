package setup

import (
	"fmt"
	"strings"
)

// onFailureCheck reports whether hookexec's entries for the events where
// Claude Code applies onFailure (Agent.OnFailureApplies) fail closed when
// hookexec itself fails: with "onFailure": "block"
// (Agent.OnFailure), Claude Code blocks the action when the entry cannot
// start (hookexec missing), times out (hung) or exits with a status other
// than 0 and 2 (crashed); without it, it lets the action through. An entry
// without it (install --fail-open, or an install before hookexec wrote it)
// fails the check: the setup fails open.
func (d *agentDoctor) onFailureCheck() Check {
	c := Check{Name: d.name("onFailure")}
	var closed, open []string
	for _, f := range d.files {
		for _, e := range f.fires {
			ev, err := eventOf(d.ag, e.Fire.Event)
			if err != nil || !d.ag.OnFailureApplies(ev) {
				continue
			}
			if v, _ := e.Hook.str("onFailure"); v == onFailureBlock {
				closed = append(closed, e.Key)
			} else {
				open = append(open, fmt.Sprintf("%s in %s", e.Key, f.path))
			}
		}
	}
	switch {
	case len(open) > 0:
		c.Detail = "fail open: if hookexec is missing, crashes or hangs, " + d.ag.Title + " lets the action through (no \"onFailure\": \"block\"): " + strings.Join(open, ", ")
		c.Fix = d.installFix() + " to add \"onFailure\": \"block\" (install --fail-open leaves it out on purpose)"
	case len(closed) == 0:
		c.OK = true
		c.Detail = "no hookexec entry for an event where onFailure applies"
	default:
		c.OK = true
		c.Detail = "fail closed: if hookexec is missing, crashes or hangs, " + d.ag.Title + " blocks the action (\"onFailure\": \"block\"): " + strings.Join(closed, ", ")
	}
	return c
}
