package rules

import (
	"fmt"
	"slices"

	"github.com/hookexec/hookexec/internal/permrule"
)

// The decisions a Set gives, in the order they win.
const (
	Deny  = "deny"
	Ask   = "ask"
	Allow = "allow"
)

// Rule is one rule of a list: as written, compiled, and where its string
// is in the config ("file:line:col").
type Rule struct {
	Text string
	Rule *permrule.Rule
	Pos  string
}

// Set is a rules hook: its deny, ask and allow lists, and the text its
// author gave to say why (Reason, "" for none).
type Set struct {
	Deny, Ask, Allow []Rule
	Reason           string
}

// Len is the number of rules of the set.
func (s *Set) Len() int { return len(s.Deny) + len(s.Ask) + len(s.Allow) }

// Summary says what the set holds, as plan shows it: "2 deny, 1 ask,
// 0 allow rules".
func (s *Set) Summary() string {
	return fmt.Sprintf("%d deny, %d ask, %d allow rules", len(s.Deny), len(s.Ask), len(s.Allow))
}

// Result is what a set decides for a call: Decision "" is no decision.
// Reason names the rule, its position and what matched.
type Result struct {
	Decision string
	Reason   string
}

// Evaluate tests the calls of one tool call (one per file it names, see
// Calls) against the set: deny when a deny rule matches any of them, else
// ask when an ask rule does, else allow when the allow rules match every
// one of them for certain (for a shell command: every simple command of
// it, permrule.MatchEvery), else no decision. A match the analyzer counts
// only because it cannot decide (a command that does not parse, a word
// known only at run time, a specifier hookexec does not read) denies and
// asks, but never allows.
func (s *Set) Evaluate(calls []permrule.Call) Result {
	if len(calls) == 0 {
		return Result{}
	}
	for _, list := range []struct {
		decision string
		rules    []Rule
	}{{Deny, s.Deny}, {Ask, s.Ask}} {
		for _, call := range calls {
			for _, r := range list.rules {
				if ok, why := r.Rule.Match(call); ok {
					return Result{Decision: list.decision, Reason: s.reason(list.decision, r, why)}
				}
			}
		}
	}
	allow := make([]*permrule.Rule, len(s.Allow))
	for i, r := range s.Allow {
		allow[i] = r.Rule
	}
	var first Rule
	var firstWhy string
	for i, call := range calls {
		r, why, ok := permrule.MatchEvery(allow, call)
		if !ok {
			return Result{}
		}
		if i == 0 {
			first, firstWhy = s.Allow[slices.Index(allow, r)], why
		}
	}
	return Result{Decision: Allow, Reason: s.reason(Allow, first, firstWhy)}
}

// reason is the text of a decision: the rule, where it is written, what
// matched, then the set's own reason.
func (s *Set) reason(decision string, r Rule, why string) string {
	text := fmt.Sprintf("%s rule %q (%s): %s", decision, r.Text, r.Pos, why)
	if s.Reason != "" {
		text += ". " + s.Reason
	}
	return text
}
