package aggregator

import "github.com/hookexec/hookexec/internal/verdict"

// Evaluated is the report of a hook hookexec evaluated in its own process
// (a rules hook): outcome success, with the decision and reason as its
// output; no output when it decided nothing.
func Evaluated(meta Meta, decision, reason string) verdict.HookReport {
	r := newReport(meta)
	r.Outcome = verdict.Success
	if decision != "" {
		r.Output = &verdict.Output{Decision: decision, Reason: reason}
	}
	return r
}
