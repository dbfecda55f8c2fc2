// Package compare holds what the end-to-end suites (make e2e) share: the
// facts observed about one agent run, the comparison of a scenario run with
// the agent's own hooks against the same policies run through hookexec, and
// the table both suites write.
package compare

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
)

// Facts is what an agent did in one run, as named short facts ("tool ran":
// "yes", "model saw": "...", "session": "ended: ..."). Both runs of a
// scenario record the same keys.
type Facts map[string]string

// Row is one scenario: what the agent did with its own hooks (Direct) and
// with hookexec as its one hook (Through), and the differences hookexec
// keeps on purpose.
type Row struct {
	Scenario   string
	Direct     Facts
	Through    Facts
	Deliberate Deliberate
}

// Deliberate is a difference hookexec keeps on purpose: the facts it
// covers, and why (docs/differences.md lists each). Any other fact must agree.
type Deliberate struct {
	Facts []string
	Why   string
}

// Differences lists the facts whose values differ between the two runs, in
// key order.
func (r Row) Differences() []string {
	keys := map[string]bool{}
	for k := range r.Direct {
		keys[k] = true
	}
	for k := range r.Through {
		keys[k] = true
	}
	var diff []string
	for _, k := range sortedKeys(keys) {
		if r.Direct[k] != r.Through[k] {
			diff = append(diff, k)
		}
	}
	return diff
}

// Problem says what is wrong with the row, or "" when nothing is: a
// difference that is not declared deliberate, or a declared difference
// that is gone (the declaration, and the line of docs/differences.md about it, are
// stale).
func (r Row) Problem() string {
	allowed := map[string]bool{}
	for _, f := range r.Deliberate.Facts {
		allowed[f] = true
	}
	var b strings.Builder
	differs := map[string]bool{}
	for _, k := range r.Differences() {
		differs[k] = true
		if !allowed[k] {
			if b.Len() == 0 {
				fmt.Fprintf(&b, "%s: the agent behaves differently through hookexec:", r.Scenario)
			}
			fmt.Fprintf(&b, "\n  %s: agent alone %q, through hookexec %q", k, r.Direct[k], r.Through[k])
		}
	}
	for _, f := range r.Deliberate.Facts {
		if !differs[f] {
			if b.Len() > 0 {
				b.WriteString("\n")
			}
			fmt.Fprintf(&b, "%s: %q is declared a deliberate difference (%s), but both runs agree", r.Scenario, f, r.Deliberate.Why)
		}
	}
	return b.String()
}

// WriteTable writes the rows as a Markdown table: scenario, agent alone,
// through hookexec, same?
func WriteTable(w io.Writer, rows []Row) error {
	var b strings.Builder
	b.WriteString("| scenario | agent alone | through hookexec | same? |\n|---|---|---|---|\n")
	for _, r := range rows {
		same := "yes"
		if d := r.Differences(); len(d) > 0 {
			same = "no: " + strings.Join(d, ", ")
			if r.Deliberate.Why != "" {
				same += " (deliberate: " + r.Deliberate.Why + ")"
			}
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", cell(r.Scenario), cell(r.Direct.String()), cell(r.Through.String()), cell(same))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// String is the facts in key order, "key: value; key: value".
func (f Facts) String() string {
	keys := map[string]bool{}
	for k := range f {
		keys[k] = true
	}
	parts := make([]string, 0, len(f))
	for _, k := range sortedKeys(keys) {
		parts = append(parts, k+": "+f[k])
	}
	return strings.Join(parts, "; ")
}

func cell(s string) string {
	s = strings.ReplaceAll(s, "|", `\|`)
	return strings.ReplaceAll(s, "\n", "<br>")
}

func sortedKeys(m map[string]bool) []string { return slices.Sorted(maps.Keys(m)) }

// Unique is list without repeats, in the order each first appears.
func Unique(list []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, s := range list {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}
