package setup

import (
	"fmt"
	"strings"
	"time"

	"github.com/hookexec/hookexec/internal/audit"
	"github.com/hookexec/hookexec/internal/verdict"
)

// guardOffWindow is how far back doctor looks in the decision log for
// events where a guard was off.
const guardOffWindow = 24 * time.Hour

// optedOut reports whether --untrusted skip let an event through with
// one of offs.
func optedOut(offs []verdict.GuardOff) bool {
	for _, g := range offs {
		if g.OptedOut {
			return true
		}
	}
	return false
}

// guardOffCheck points at the recent events of the project where a hook
// hookexec was given did not run (SPEC §2.5, the decision log's
// guardOff): denied for it, told to the user, or let through by
// --untrusted skip. It fails when --untrusted skip let any through, since
// a guard was off for a call that ran; the others it names without
// failing, their cause is the other checks' (trust, configs). A log that cannot be read is no failure.
func guardOffCheck(opts DoctorOptions, now time.Time) Check {
	c := Check{Name: "guards off", OK: true}
	l, err := audit.Locate(opts.Getenv)
	if err != nil {
		c.Detail = "the decision log cannot be read: " + err.Error()
		return c
	}
	q := audit.Query{GuardOff: true, Since: now.Add(-guardOffWindow), Project: opts.ProjectDir}
	entries, _, err := l.Tail(q, 0)
	if err != nil {
		c.Detail = "the decision log cannot be read: " + err.Error()
		return c
	}
	if len(entries) == 0 {
		c.Detail = "no event of the project in the last 24h ran with a guard off"
		return c
	}
	var passed int
	kinds := map[string]bool{}
	var order []string
	for _, e := range entries {
		if optedOut(e.GuardOff) {
			passed++
		}
		for _, g := range e.GuardOff {
			if !kinds[g.Kind] {
				kinds[g.Kind] = true
				order = append(order, g.Kind)
			}
		}
	}
	see := fmt.Sprintf("see 'hookexec log --guard-off --since 1d --project %s'", shellQuote(opts.ProjectDir))
	c.Detail = fmt.Sprintf("%d event(s) of the project in the last 24h had a guard that did not run (%s), %d of them let through by --untrusted skip; %s",
		len(entries), strings.Join(order, ", "), passed, see)
	if passed > 0 {
		c.OK = false
		c.Fix = "fix what the records name ('hookexec trust', 'hookexec validate FILE'), and drop --untrusted skip unless you mean it; " + see
	}
	return c
}
