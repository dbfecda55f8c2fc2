package setup

import (
	"fmt"
	"strings"
	"time"
)

// GuardOffWindow is how far back doctor looks in the decision log for
// events where a guard was off.
const GuardOffWindow = 24 * time.Hour

// GuardOffRecord is what doctor needs of one decision-log record where a
// hook hookexec was given did not run (the record's guardOff): the kinds
// of reason, and whether --untrusted skip let the event through.
type GuardOffRecord struct {
	Kinds    []string
	OptedOut bool
}

// GuardOffs reads the project's records with a guard off since a time
// (the caller reads the decision log, internal/audit).
type GuardOffs func(project string, since time.Time) ([]GuardOffRecord, error)

// guardOffCheck points at the recent events of the project where a hook
// hookexec was given did not run (SPEC §2.5): denied for it, told to the
// user, or let through by the opt-out (--untrusted skip, the user's
// settings.untrusted). It fails when the opt-out let any through, since a guard was off for a call that ran; the others
// it names without failing, their cause is the other checks' (trust,
// configs). A log that cannot be read is no failure.
func guardOffCheck(opts DoctorOptions, now time.Time) Check {
	c := Check{Name: "guards off", OK: true}
	if opts.GuardOffs == nil {
		c.Detail = "the decision log was not read"
		return c
	}
	records, err := opts.GuardOffs(opts.ProjectDir, now.Add(-GuardOffWindow))
	if err != nil {
		c.Detail = "the decision log cannot be read: " + err.Error()
		return c
	}
	if len(records) == 0 {
		c.Detail = "no event of the project in the last 24h ran with a guard off"
		return c
	}
	passed := 0
	seen := map[string]bool{}
	var kinds []string
	for _, r := range records {
		if r.OptedOut {
			passed++
		}
		for _, k := range r.Kinds {
			if !seen[k] {
				seen[k] = true
				kinds = append(kinds, k)
			}
		}
	}
	see := fmt.Sprintf("see 'hookexec log --guard-off --since 1d --project %s'", shellQuote(opts.ProjectDir))
	c.Detail = fmt.Sprintf("%d event(s) of the project in the last 24h had a guard that did not run (%s), %d of them let through by the opt-out (--untrusted skip or settings.untrusted); %s",
		len(records), strings.Join(kinds, ", "), passed, see)
	if passed > 0 {
		c.OK = false
		c.Fix = "fix what the records name ('hookexec trust', 'hookexec validate FILE'), and drop --untrusted skip (or settings.untrusted \"skip\") unless you mean it; " + see
	}
	return c
}
