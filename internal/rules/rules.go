package rules

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hookexec/hookexec/internal/permrule"
	"github.com/hookexec/hookexec/internal/rules/pack"
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

// Set is a rules hook: its deny, ask and allow lists, the built-in packs
// it uses, the checks of those packs it leaves out, and the text its
// author gave to say why (Reason, "" for none).
type Set struct {
	Deny, Ask, Allow []Rule
	Use              []Use
	Except           []Except
	Reason           string
}

// Use is a built-in pack a set uses: its name as written, the pack (with
// the set's Except left out), and where the name is in the config
// ("file:line:col").
type Use struct {
	Name string
	Pack *pack.Pack
	Pos  string
}

// Except is a check of the packs a set leaves out: its id as written
// ("git-push-force") and where it is in the config.
type Except struct {
	ID  string
	Pos string
}

// Len is the number of rules of the set, a pack counting as one.
func (s *Set) Len() int { return len(s.Deny) + len(s.Ask) + len(s.Allow) + len(s.Use) }

// Summary says what the set holds, as plan shows it: "2 deny, 1 ask,
// 0 allow rules", the packs it uses and the checks it leaves out.
func (s *Set) Summary() string {
	text := fmt.Sprintf("%d deny, %d ask, %d allow rules", len(s.Deny), len(s.Ask), len(s.Allow))
	for _, u := range s.Use {
		text += " + " + u.Name
	}
	if len(s.Except) > 0 {
		text += " except " + strings.Join(s.ExceptIDs(), ", ")
	}
	return text
}

// ExceptIDs are the ids of the checks the set leaves out.
func (s *Set) ExceptIDs() []string {
	out := make([]string, len(s.Except))
	for i, e := range s.Except {
		out[i] = e.ID
	}
	return out
}

// Result is what a set decides for a call: Decision "" is no decision.
// Reason names the rule, its position and what matched.
type Result struct {
	Decision string
	Reason   string
}

// Evaluate tests the calls of one tool call (one per file it names, see
// Calls) against the set: deny when a deny rule or a pack's deny matches
// any of them, else ask when an ask rule or a pack's ask does, else allow when the allow rules match every
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
		// A pack's finding first: it says what it found where a rule
		// may only count what it cannot decide.
		if res, ok := s.evalPacks(calls, list.decision); ok {
			return res
		}
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

// evalPacks is the first finding of the set's packs with the decision.
func (s *Set) evalPacks(calls []permrule.Call, decision string) (Result, bool) {
	for _, call := range calls {
		for _, u := range s.Use {
			if f, ok := u.Pack.Check(call); ok && f.Decision == decision {
				text := fmt.Sprintf("%s by %s/%s (%s) [%s]: %s", decision, u.Name, f.Check, u.Pos, f.Category, f.Why)
				if s.Reason != "" {
					text += ". " + s.Reason
				}
				return Result{Decision: decision, Reason: text}, true
			}
		}
	}
	return Result{}, false
}
