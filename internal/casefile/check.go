package casefile

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/hookexec/hookexec/internal/verdict"
)

// Result is what firing a case produced.
type Result struct {
	// Verdict is fire's result; nil when fire would have exited 1.
	Verdict *verdict.Verdict
	// Err is the config or input error that makes fire exit 1.
	Err error
}

// ExitCode is the status fire would exit with: 1 on an error, 2 when the
// verdict blocks, else 0.
func (r Result) ExitCode() int {
	switch {
	case r.Err != nil || r.Verdict == nil:
		return 1
	case r.Verdict.Blocked:
		return 2
	default:
		return 0
	}
}

// Mismatch is one expectation that did not hold. Expected and Actual are
// rendered for people: strings quoted, substrings as `contains "..."`.
type Mismatch struct {
	Field    string
	Expected string
	Actual   string
}

func (m Mismatch) String() string {
	return fmt.Sprintf("%s: expected %s, got %s", m.Field, m.Expected, m.Actual)
}

// Check compares res with the expectations and returns every mismatch, in
// the order of the fields of Expect (empty: the case passes). A result
// with an error (exit 1) fails unless exitCode 1 is expected.
func (e Expect) Check(res Result) []Mismatch {
	var c checker
	code := res.ExitCode()
	switch {
	case e.ExitCode != nil && *e.ExitCode != code:
		c.add("exitCode", strconv.Itoa(*e.ExitCode), exitText(code, res.Err))
	case e.ExitCode == nil && code == 1:
		c.add("exitCode", "0 or 2", exitText(code, res.Err))
	}
	if res.Err != nil || res.Verdict == nil {
		errText := ""
		if res.Err != nil {
			errText = res.Err.Error()
		}
		c.contains("error", e.ErrorContains, errText)
		e.noVerdict(&c)
		return c.out
	}
	if len(e.ErrorContains) > 0 {
		c.add("error", containsText(e.ErrorContains), "no error")
	}
	v := res.Verdict
	c.boolean("blocked", e.Blocked, v.Blocked)
	c.str("decision", e.Decision, v.Decision)
	c.boolean("continue", e.Continue, v.Continue)
	c.contains("reason", e.ReasonContains, v.Reason)
	c.contains("stopReason", e.StopReasonContains, v.StopReason)
	c.contains("systemMessage", e.SystemMessageContains, v.SystemMessage)
	ctx, _ := v.HookSpecificOutput["additionalContext"].(string)
	c.contains("additionalContext", e.AdditionalContextContains, ctx)
	if e.HookCount != nil && *e.HookCount != len(v.Hooks) {
		c.add("hookCount", strconv.Itoa(*e.HookCount), fmt.Sprintf("%d %s", len(v.Hooks), hookList(v.Hooks)))
	}
	for _, h := range e.Hooks {
		h.check(&c, v.Hooks)
	}
	return c.out
}

// noVerdict reports the verdict fields that were expected although fire
// produced no verdict.
func (e Expect) noVerdict(c *checker) {
	const none = "no verdict (exit 1)"
	for _, f := range []struct {
		name string
		set  bool
	}{
		{"blocked", e.Blocked != nil}, {"decision", e.Decision != nil}, {"continue", e.Continue != nil},
		{"reason", len(e.ReasonContains) > 0}, {"stopReason", len(e.StopReasonContains) > 0},
		{"systemMessage", len(e.SystemMessageContains) > 0}, {"additionalContext", len(e.AdditionalContextContains) > 0},
		{"hookCount", e.HookCount != nil}, {"hooks", len(e.Hooks) > 0},
	} {
		if f.set {
			c.add(f.name, "a verdict", none)
		}
	}
}

func (h HookExpect) check(c *checker, reports []verdict.HookReport) {
	label := fmt.Sprintf("hooks[%d]", h.Index)
	var r *verdict.HookReport
	if h.Name != "" {
		label = fmt.Sprintf("hooks[%q]", h.Name)
		for i := range reports {
			if reports[i].Name == h.Name {
				r = &reports[i]
				break
			}
		}
		if r == nil {
			c.add(label, "a hook named "+strconv.Quote(h.Name)+" in the plan", "plan "+hookList(reports))
			return
		}
	} else {
		if h.Index >= len(reports) {
			c.add(label, fmt.Sprintf("a hook at position %d", h.Index), "plan "+hookList(reports))
			return
		}
		r = &reports[h.Index]
	}
	if h.Outcome != nil && *h.Outcome != string(r.Outcome) {
		c.add(label+".outcome", strconv.Quote(*h.Outcome), strconv.Quote(string(r.Outcome))+errorSuffix(r))
	}
	if h.ExitCode != nil {
		switch {
		case r.ExitCode == nil:
			c.add(label+".exitCode", strconv.Itoa(*h.ExitCode), "null"+errorSuffix(r))
		case *r.ExitCode != *h.ExitCode:
			c.add(label+".exitCode", strconv.Itoa(*h.ExitCode), strconv.Itoa(*r.ExitCode)+errorSuffix(r))
		}
	}
	decision := ""
	if r.Output != nil {
		decision = r.Output.Decision
	}
	c.str(label+".decision", h.Decision, decision)
	c.contains(label+".stdout", h.StdoutContains, r.Stdout)
	c.contains(label+".stderr", h.StderrContains, r.Stderr)
}

func errorSuffix(r *verdict.HookReport) string {
	if r.Error == "" {
		return ""
	}
	return " (" + r.Error + ")"
}

// hookList renders the plan as ["a" "b"].
func hookList(reports []verdict.HookReport) string {
	names := make([]string, len(reports))
	for i, r := range reports {
		names[i] = strconv.Quote(r.Name)
	}
	return "[" + strings.Join(names, " ") + "]"
}

func exitText(code int, err error) string {
	if err != nil {
		return fmt.Sprintf("%d (%v)", code, err)
	}
	return strconv.Itoa(code)
}

func containsText(subs []string) string {
	q := make([]string, len(subs))
	for i, s := range subs {
		q[i] = strconv.Quote(s)
	}
	return "contains " + strings.Join(q, " and ")
}

// checker collects mismatches.
type checker struct{ out []Mismatch }

func (c *checker) add(field, expected, actual string) {
	c.out = append(c.out, Mismatch{Field: field, Expected: expected, Actual: actual})
}

func (c *checker) boolean(field string, want *bool, got bool) {
	if want != nil && *want != got {
		c.add(field, strconv.FormatBool(*want), strconv.FormatBool(got))
	}
}

func (c *checker) str(field string, want *string, got string) {
	if want != nil && *want != got {
		c.add(field, strconv.Quote(*want), strconv.Quote(got))
	}
}

// contains checks that got holds every substring of want.
func (c *checker) contains(field string, want []string, got string) {
	for _, s := range want {
		if !strings.Contains(got, s) {
			c.add(field, containsText(want), strconv.Quote(got))
			return
		}
	}
}
